/**
 * At most one log line per interval for a stream of refusals, with how many of
 * each kind were refused since the last line. Call `count`; it calls `log` at
 * once when a line is due, otherwise at the end of the interval (a timer that
 * never keeps the process alive), so the last refusals are reported too.
 */
export class RefusalLog {
  private counts: Record<string, number> = {};
  private lastAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly intervalMs: number,
    private readonly log: (counts: Record<string, number>) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  count(reason: string): void {
    this.counts[reason] = (this.counts[reason] ?? 0) + 1;
    const wait = this.lastAt + this.intervalMs - this.now();
    if (wait <= 0) {
      this.flush();
      return;
    }
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), wait);
      this.timer.unref();
    }
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (Object.keys(this.counts).length === 0) return;
    this.lastAt = this.now();
    const counts = this.counts;
    this.counts = {};
    this.log(counts);
  }
}
