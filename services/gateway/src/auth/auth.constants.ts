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
 * Sign-in throttle (docs/security.md, "Admin sign-in"). Only failures count; a success gives its point
 * back. An attacker slows only themselves: the limits that refuse are per client and per
 * (client, account); the account's own ceiling, far higher, only slows everyone down and
 * refuses just the clients that have already failed on that account.
 */
export const LOGIN_LIMITS = {
  /** One client guessing one account: 5 failures in 15 minutes, then 429 until they end. */
  clientAccount: { failures: 5, windowSeconds: 15 * 60 },
  /** One client, whatever the accounts (a spray): 20 failures an hour. */
  client: { failures: 20, windowSeconds: 60 * 60 },
  /**
   * One account from every client (a botnet): past 100 failures an hour, each attempt on it
   * waits `slowDownMs` before its password is checked, and a client that has already failed
   * on it in its 15 minutes is refused; a client that has not failed still signs in.
   */
  account: { failures: 100, windowSeconds: 60 * 60, slowDownMs: 2000 },
} as const;
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
