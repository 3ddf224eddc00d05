/** Who is never tracked (spec §9, and Global Privacy Control as the privacy policy promises). */

export interface NavigatorLike {
  userAgent: string;
  /** https://privacycg.github.io/gpc-spec/ — not in TypeScript's DOM types yet. */
  globalPrivacyControl?: boolean;
}

export function analyticsAllowed(
  navigator: NavigatorLike,
  excludedUserAgents: readonly string[] = [],
): boolean {
  if (navigator.globalPrivacyControl === true) return false;
  const agent = navigator.userAgent;
  return !agent.includes('iPhone') && !excludedUserAgents.includes(agent);
}

/**
 * The build-time list of user agents to skip, each an exact string. Real user agents contain
 * commas ("KHTML, like Gecko"), so the list is a JSON array of strings; a value that is not
 * an array is taken as one user agent. A malformed array excludes nothing rather than
 * breaking every page.
 */
export function parseExcludedUserAgents(raw: string | undefined): string[] {
  const value = raw?.trim() ?? '';
  if (!value) return [];
  if (!value.startsWith('[')) return [value];
  try {
    const list: unknown = JSON.parse(value);
    return Array.isArray(list)
      ? list.filter((agent): agent is string => typeof agent === 'string' && agent !== '')
      : [];
  } catch {
    return [];
  }
}
