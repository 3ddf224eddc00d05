/**
 * Cheap test for paths normalisePath would change by spelling alone: upper case, a trailing
 * slash, repeated slashes or backslashes. Legacy addresses are not caught here: no route
 * matches them, so they render the 404 page, which asks `canonicalTarget` itself. This keeps
 * the route table (and with it all condition content) out of the code every page loads.
 */
export function looksNonCanonical(pathname: string): boolean {
  return pathname !== pathname.toLowerCase() || /\/\/|\\/.test(pathname) || (pathname.length > 1 && pathname.endsWith('/'));
}

/** normalisePath from the content catalogue, loaded on demand. */
export async function canonicalTarget(path: string): Promise<string | null> {
  const { normalisePath } = await import('../content');
  return normalisePath(path);
}
