// The site's URL rules, shared by the gateway (301 answers) and the browser
// (replace navigation), so the two can never disagree.

export const LEGACY_REDIRECTS: Readonly<Record<string, string>> = {
  '/conditions/tennis-elbow': '/conditions/tennis-elbow-lateral-epicondylitis',
  '/conditions/golfers-elbow': '/conditions/golfers-elbow-medial-epicondylitis',
  '/conditions/dupuytrens': '/conditions/dupuytrens-contracture',
  '/conditions/dupuytren': '/conditions/dupuytrens-contracture',
  '/conditions/de-quervains': '/conditions/de-quervains-tenosynovitis',
  '/conditions/dequervains': '/conditions/de-quervains-tenosynovitis',
  '/conditions/carpal-tunnel': '/conditions/carpal-tunnel-syndrome',
  '/conditions/trigger-finger-syndrome': '/conditions/trigger-finger',
  '/hand-pain': '/hand-conditions',
  '/wrist-pain': '/wrist-conditions',
  '/elbow-pain': '/elbow-conditions',
  '/index.html': '/',
};

/**
 * Folders of the site that have no page of their own, sent to a page that
 * lists what they hold: the guides' folder to the first of the three category
 * lists (hand; the home page links all three). Any other folder, such as
 * /assets, is answered with the 404 page.
 */
export const FOLDER_REDIRECTS: Readonly<Record<string, string>> = {
  '/conditions': '/hand-conditions',
};

/**
 * The canonical form of a path (query and fragment kept), or null when it is
 * canonical already: runs of slashes and backslashes folded into one (so the
 * answer can never be a protocol-relative `//host` redirect), no trailing
 * slash except on the root, lower-cased, legacy paths and folders mapped.
 */
export function normalisePath(path: string): string | null {
  if (typeof path !== 'string' || !path.startsWith('/')) return null;
  const suffixAt = path.search(/[?#]/);
  const pathname = suffixAt === -1 ? path : path.slice(0, suffixAt);
  const suffix = suffixAt === -1 ? '' : path.slice(suffixAt);

  const folded = pathname.replace(/[/\\]+/g, '/');
  const trimmed = folded.length > 1 ? folded.replace(/\/+$/, '') || '/' : folded;
  const lowered = trimmed.toLowerCase();
  const target =
    (Object.hasOwn(LEGACY_REDIRECTS, lowered) ? LEGACY_REDIRECTS[lowered] : undefined) ??
    (Object.hasOwn(FOLDER_REDIRECTS, lowered) ? FOLDER_REDIRECTS[lowered] : undefined) ??
    lowered;

  return target === pathname ? null : `${target}${suffix}`;
}
