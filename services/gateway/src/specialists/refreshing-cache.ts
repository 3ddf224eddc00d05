/**
 * One value kept in memory and refreshed from a slow or unreliable source, so that callers
 * are answered from memory almost always:
 *
 * - fresh (younger than `freshMs`): served as it is;
 * - stale (up to `maxStaleMs` older than that): served at once, while one refresh runs in
 *   the background;
 * - nothing usable: the caller waits for a refresh, and gets its error if it fails.
 *
 * One refresh at a time: every caller waiting meanwhile shares it. After a failed refresh
 * the source is left alone for `retryAfterFailureMs`: a stale value keeps being served and,
 * with nothing cached, callers get that failure at once instead of each waiting for its
 * own (which is what keeps a directory outage from slowing the pages that call this).
 */
export interface RefreshingCacheOptions {
  freshMs: number;
  maxStaleMs: number;
  retryAfterFailureMs: number;
  /** The clock; tests pass their own. */
  now?: () => number;
}

export interface Cached<T> {
  value: T;
  /** How long ago it was loaded. */
  ageMs: number;
  stale: boolean;
}

export class RefreshingCache<T> {
  private entry?: { value: T; loadedAt: number };
  private refreshing?: Promise<T>;
  private failure?: { error: unknown; at: number };
  private readonly now: () => number;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly options: RefreshingCacheOptions,
    /** Told once about each failed load (callers waiting share that one failure). */
    private readonly onLoadFailure: (error: unknown) => void = () => undefined,
  ) {
    this.now = options.now ?? Date.now;
  }

  async get(): Promise<Cached<T>> {
    const now = this.now();
    const entry = this.entry;
    if (entry) {
      const ageMs = now - entry.loadedAt;
      if (ageMs < this.options.freshMs) return { value: entry.value, ageMs, stale: false };
      if (ageMs < this.options.freshMs + this.options.maxStaleMs) {
        if (!this.resting(now)) this.refresh().catch(() => undefined);
        return { value: entry.value, ageMs, stale: true };
      }
    }
    if (!this.refreshing && this.failure && this.resting(now)) throw this.failure.error;
    const value = await this.refresh();
    return { value, ageMs: 0, stale: false };
  }

  /** Whether a refresh is running (for tests and metrics). */
  get isRefreshing(): boolean {
    return this.refreshing !== undefined;
  }

  private resting(now: number): boolean {
    return this.failure !== undefined && now - this.failure.at < this.options.retryAfterFailureMs;
  }

  private refresh(): Promise<T> {
    this.refreshing ??= this.load()
      .then(
        (value) => {
          this.entry = { value, loadedAt: this.now() };
          this.failure = undefined;
          return value;
        },
        (error: unknown) => {
          this.failure = { error, at: this.now() };
          this.onLoadFailure(error);
          throw error;
        },
      )
      .finally(() => {
        this.refreshing = undefined;
      });
    return this.refreshing;
  }
}
