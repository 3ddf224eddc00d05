/*
 * Build-time analytics settings. Vite inlines `import.meta.env.VITE_*` when it builds; the
 * unit tests run as CommonJS, where `import.meta` cannot even be parsed, so this is the only
 * analytics module that reads it and none of the tested modules imports it.
 */
import { parseExcludedUserAgents } from './rules';

/** VITE_ANALYTICS_EXCLUDED_USER_AGENTS: a JSON array of exact user-agent strings. */
export const EXCLUDED_USER_AGENTS: readonly string[] = parseExcludedUserAgents(
  import.meta.env.VITE_ANALYTICS_EXCLUDED_USER_AGENTS,
);
