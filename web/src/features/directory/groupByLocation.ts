import type { Specialist } from './directoryApi';

export interface LocationGroup {
  location: string;
  specialists: Array<Specialist & { safeUrl: string | null }>;
}

/** The URL when it is a parseable https address, else null (the entry shows without a link). */
export function httpsUrl(url: string): string | null {
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * Groups specialists by location, as the gateway ordered them (location, then name): each
 * location once, in the order it first appears, its specialists in the order given. The
 * page never sorts, so it always agrees with the server's order.
 */
export function groupByLocation(specialists: readonly Specialist[]): LocationGroup[] {
  const groups = new Map<string, LocationGroup>();
  for (const specialist of specialists) {
    let group = groups.get(specialist.location);
    if (!group) {
      group = { location: specialist.location, specialists: [] };
      groups.set(specialist.location, group);
    }
    group.specialists.push({ ...specialist, safeUrl: httpsUrl(specialist.url) });
  }
  return [...groups.values()];
}
