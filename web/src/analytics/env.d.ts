interface ImportMetaEnv {
  /** JSON array of exact user-agent strings never tracked, e.g. `["Mozilla/5.0 (…) …"]`. */
  readonly VITE_ANALYTICS_EXCLUDED_USER_AGENTS?: string;
}
