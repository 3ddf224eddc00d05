import {
  fetchBaseQuery,
  retry,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchBaseQueryArgs,
} from '@reduxjs/toolkit/query/react';

/** The spec's browser default (§9): a failed read is tried again 3 times. */
export const READ_RETRIES = 3;
/** The first wait; each later one doubles, up to the spec's 30 s. */
export const FIRST_RETRY_DELAY_MS = 1000;
export const MAX_RETRY_DELAY_MS = 30_000;

/** How long to wait before retry number `retry` (1-based): 1 s, 2 s, 4 s, … at most 30 s. */
export function retryDelayMs(retry: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, retry - 1), MAX_RETRY_DELAY_MS);
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Whether a request only reads. Anything else may have been applied although its answer was
 * lost (a referral queued, then the connection dropped), and sending it again would repeat it.
 */
function isRead(args: unknown, api: BaseQueryApi): boolean {
  if (api.type !== 'query') return false;
  if (typeof args === 'string') return true;
  const method = (args as { method?: unknown } | null)?.method;
  return typeof method !== 'string' || READ_METHODS.has(method.toUpperCase());
}

/**
 * Whether the failure may pass: no answer at all, or the server busy or broken for a moment.
 * Any other 4xx says the request itself is refused (a 401 sends the admin to sign in) and
 * would be refused again. A proxy's HTML error page arrives as a PARSING_ERROR.
 */
function isTransient(error: unknown): boolean {
  const { status, originalStatus } = (error ?? {}) as {
    status?: unknown;
    originalStatus?: unknown;
  };
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return true;
  const code = status === 'PARSING_ERROR' ? originalStatus : status;
  return typeof code === 'number' && (code >= 500 || code === 408 || code === 429);
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new Error('Aborted'));
      },
      { once: true },
    );
  });
}

/**
 * Wraps a base query so reads that failed for a passing reason are retried on the spec's
 * schedule (RTK Query's retry, with our condition and backoff in place of its jittered one).
 */
export function withReadRetries<Q extends BaseQueryFn>(baseQuery: Q) {
  return retry(baseQuery, {
    retryCondition: (error, args, { attempt, baseQueryApi }) =>
      attempt <= READ_RETRIES && isRead(args, baseQueryApi) && isTransient(error),
    backoff: (attempt, _maxRetries, signal) => wait(retryDelayMs(attempt), signal),
  });
}

/** RTK Query's fetchBaseQuery, with failed reads retried as above. */
export function fetchWithReadRetries(options: FetchBaseQueryArgs) {
  return withReadRetries(fetchBaseQuery(options));
}
