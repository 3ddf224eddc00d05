/** One client's window: the requests counted in it, and when it ends (performance.now()). */
interface Window {
  count: number;
  endsAt: number;
}

/**
 * Fixed windows in this process's memory, counted as rate-limiter-flexible's RateLimiterMemory
 * counts them: a key's window opens at its first request, holds `points` requests and lasts
 * `durationMs`. Synchronous and without a timer per window: the events intake asks on every
 * request, and the library's promise and per-key timer cost more than the counting. Ended
 * windows are dropped by a sweep at most once per window length, so what is held is the keys
 * seen in the last two windows at most.
 */
export class MemoryWindows {
  private readonly windows = new Map<string, Window>();
  private nextSweep: number;

  constructor(
    private readonly points: number,
    private readonly durationMs: number,
  ) {
    this.nextSweep = performance.now() + durationMs;
  }

  /** Counts one request of `key`: 0 when allowed, else the milliseconds until its window ends. */
  take(key: string): number {
    // A monotonic clock: a wall clock set back would stretch every open window.
    const now = performance.now();
    if (now >= this.nextSweep) this.sweep(now);
    let window = this.windows.get(key);
    if (window === undefined || now >= window.endsAt) {
      window = { count: 0, endsAt: now + this.durationMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count <= this.points ? 0 : window.endsAt - now;
  }

  /** Uncounts one request of `key` in its current window, if it has one. */
  giveBack(key: string): void {
    const window = this.windows.get(key);
    if (window !== undefined && performance.now() < window.endsAt && window.count > 0) {
      window.count -= 1;
    }
  }

  /** Keys held (ended windows not yet swept included). */
  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (now >= window.endsAt) this.windows.delete(key);
    this.nextSweep = now + this.durationMs;
  }
}
