/**
 * Counts attempts per key in a fixed window and says when a key has had its share. Memory
 * is bounded: at most `maxKeys` keys are kept, the least recently seen dropped first (a Map
 * keeps insertion order; a key seen again is moved to the end). With 10,000 keys of about
 * 100 bytes each that is about 1 MB however many clients or emails an attacker invents;
 * dropping the oldest key only ever forgets a client that has been quiet the longest.
 */
export interface LimiterOptions {
  limit: number;
  windowMs: number;
  maxKeys: number;
  now?: () => number;
}

interface Window {
  count: number;
  resetAt: number;
}

export class AttemptLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly now: () => number;

  constructor(private readonly options: LimiterOptions) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.windows.size;
  }

  /** Seconds until the key may try again, or 0 when it may try now. Does not count. */
  retryAfter(key: string): number {
    const window = this.windows.get(key);
    const now = this.now();
    if (!window || window.resetAt <= now || window.count < this.options.limit) return 0;
    return Math.max(1, Math.ceil((window.resetAt - now) / 1000));
  }

  /** Counts one attempt for the key. */
  hit(key: string): void {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now)
      window = { count: 0, resetAt: now + this.options.windowMs };
    window.count += 1;
    this.windows.delete(key);
    this.windows.set(key, window);
    while (this.windows.size > this.options.maxKeys) {
      const oldest = this.windows.keys().next().value as string;
      this.windows.delete(oldest);
    }
  }

  /** Takes one attempt back (a sign-in that succeeded: only failures should use the budget). */
  refund(key: string): void {
    const window = this.windows.get(key);
    if (window && window.count > 0) window.count -= 1;
  }

  /** Forgets the key (after a successful sign-in). */
  reset(key: string): void {
    this.windows.delete(key);
  }
}
