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
/** 5 tries a minute per client and per email (OWASP: throttle by account and by source). */
export const LOGIN_LIMIT = 5;
export const LOGIN_WINDOW_MS = 60_000;
export const LOGIN_LIMITER_KEYS = 10_000;
export const GENERIC_LOGIN_ERROR = 'Invalid email or password.';
export const SESSION_REQUIRED = 'Please sign in to continue.';
export const ADMIN_EXISTS = 'An admin with this email already exists.';
