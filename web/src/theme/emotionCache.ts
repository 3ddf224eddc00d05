import createCache from '@emotion/cache';

/**
 * One key for server and browser so the browser cache adopts the style tags the
 * prerender wrote; prepend keeps MUI's base styles before any overrides.
 */
export function createEmotionCache() {
  return createCache({ key: 'css', prepend: true });
}
