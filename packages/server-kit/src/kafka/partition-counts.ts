/**
 * Topics' partition counts, for work that must place messages as the partitioner will
 * (BatchingProducer's joinPerPartition). A lookup never waits: it answers what was last
 * read, or undefined until the first read, and starts a read behind the scenes when the
 * count is older than `maxAgeMs`, so partitions added to a topic are seen within it. A
 * failed read is tried again after `retryMs`.
 */
export class PartitionCounts {
  private readonly known = new Map<string, number>();
  /** Per topic, when it may be read again. */
  private readonly nextRead = new Map<string, number>();

  constructor(
    private readonly read: (topic: string) => Promise<number>,
    private readonly maxAgeMs = 60_000,
    private readonly retryMs = 5_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The topic's partitions as last read; undefined until a read has answered. */
  readonly of = (topic: string): number | undefined => {
    if (this.now() >= (this.nextRead.get(topic) ?? 0)) this.refresh(topic);
    return this.known.get(topic);
  };

  private refresh(topic: string): void {
    // Far ahead while the read is out: one read at a time per topic.
    this.nextRead.set(topic, Number.POSITIVE_INFINITY);
    this.read(topic).then(
      (count) => {
        if (count > 0) this.known.set(topic, count);
        this.nextRead.set(topic, this.now() + (count > 0 ? this.maxAgeMs : this.retryMs));
      },
      () => this.nextRead.set(topic, this.now() + this.retryMs),
    );
  }
}
