/** The access token lives 15 minutes; the web refreshes it 90 s before that (spec §9). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
/** A sign-in's refresh tokens end 12 hours after it (a working day), however often they rotate. */
export const REFRESH_TOKEN_SECONDS = 12 * 60 * 60;
/** The refresh cookie is sent only to the routes that read it. */
export const REFRESH_COOKIE = 'hc_admin_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';
/**
 * The header the web sends on every auth call: a custom header cannot be sent cross-site
 * without a CORS preflight, which the gateway never grants.
 */
export const CSRF_HEADER = 'x-handcheck-auth';
/**
 * Sign-in throttle (docs/security.md, "Admin sign-in"). Only failures count; a success gives its
 * point back. The limits that refuse are the asker's own: per client and per (client, account),
 * or per known device. The account's ceiling counts only attempts whose password was checked,
 * never refused ones, and spares the account's known devices (OWASP's device cookies).
 */
export const LOGIN_LIMITS = {
  /** One client guessing one account: 5 failures in 15 minutes, then 429 until they end. */
  clientAccount: { failures: 5, windowSeconds: 15 * 60 },
  /** One client, whatever the accounts (a spray): 20 failures an hour. */
  client: { failures: 20, windowSeconds: 60 * 60 },
  /**
   * One account from every unknown client (a botnet): past 100 checked failures an hour, each
   * attempt of an unknown client waits `slowDownMs` before its password is checked, and an
   * unknown client that has already failed on it in its 15 minutes is refused.
   */
  account: { failures: 100, windowSeconds: 60 * 60, slowDownMs: 2000 },
  /**
   * A device that signed in to the account within `lifetimeSeconds` (its cookie is renewed at
   * every sign-in): never slowed or refused by the account's ceiling nor by its address's
   * counters; 5 failures in 15 minutes, then 429 until they end, wherever it comes from.
   */
  knownDevice: { failures: 5, windowSeconds: 15 * 60, lifetimeSeconds: 30 * 24 * 60 * 60 },
} as const;
/** The known-device cookie (known-device.ts), sent only to the sign-in route. */
export const KNOWN_DEVICE_COOKIE = 'hc_admin_device';
export const KNOWN_DEVICE_COOKIE_PATH = '/api/auth/login';
/**
 * How long a gateway trusts its last look at a session family before asking MongoDB again:
 * a sign-out, a revoked family or a deleted admin stops access tokens on every replica
 * within this time (at once on the replica that revoked it).
 */
export const SESSION_CHECK_CACHE_MS = 5000;
/** The passport strategy of the admin guard. */
export const ADMIN_JWT_STRATEGY = 'admin-jwt';
export const GENERIC_LOGIN_ERROR = 'Invalid email or password.';
export const SESSION_REQUIRED = 'Please sign in to continue.';
export const SESSION_INVALID = 'Your session is not valid. Please sign in again.';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
export const ADMIN_EXISTS = 'An admin with this email already exists.';
