// The one backoff every retry in the services uses. No imports: scripts/supervisor.mjs
// loads it from the build (`@handcheck/server-kit/backoff`) without Nest or cockatiel.
// No jitter: a group has a handful of replicas, too few to stampede an engine, and a
// fixed schedule keeps the outage tests' timings predictable.

export interface BackoffOptions {
  /** The first wait, in ms. */
  firstMs: number;
  /** The longest wait, in ms. */
  maxMs: number;
}

/** The wait before retry `attempt` (0 for the first): firstMs, doubling each time, at most maxMs. */
export function backoffDelay(attempt: number, { firstMs, maxMs }: BackoffOptions): number {
  return Math.min(firstMs * 2 ** Math.max(0, attempt), maxMs);
}
