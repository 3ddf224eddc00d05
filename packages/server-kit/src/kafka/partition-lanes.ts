import { type BulkheadPolicy } from 'cockatiel';
import { type KafkaMessage } from 'kafkajs';

/** The consumer as its lanes see it. */
export interface LaneConsumer {
  /** Handles one message, retrying as the consumer does; resolves false when it gave up because the lane stopped. */
  handle(message: KafkaMessage, lane: PartitionLane): Promise<boolean>;
  /** Commits the offset after `message`; a failure is logged, not thrown (the message may come again). */
  commit(message: KafkaMessage, lane: PartitionLane): Promise<void>;
  /** False once the consumer is stopping. */
  running(): boolean;
}

/**
 * One partition's fetched messages, handled one at a time in offset order and each
 * committed once handled. kafkajs fetches again only once every batch of a fetch is
 * handled, so the consumer hands each batch to its partition's lane and returns at once:
 * a slow partition does not hold the others back.
 *
 * A revoked lane (its partition went to another member) stops after the message being
 * handled, commits nothing more and drops the rest, which the new owner reads again from
 * the last commit. A refetch of messages already queued is skipped by offset.
 */
export class PartitionLane {
  private readonly queue: KafkaMessage[] = [];
  /** The offset after the last message queued: anything before it is already here. */
  private nextOffset = -1n;
  private revoked = false;
  private work: Promise<void> = Promise.resolve();
  private working = false;
  /** The partition's end at the latest fetch, for the lag metric. */
  highWatermark = '0';

  constructor(
    readonly topic: string,
    readonly partition: number,
    private readonly consumer: LaneConsumer,
    /** Shared by the consumer's lanes: how many handlers run at once across them. */
    private readonly handlers: BulkheadPolicy,
  ) {}

  /** Messages queued, the one being handled included. */
  get size(): number {
    return this.queue.length;
  }

  /** False once revoked or the consumer is stopping: the handler should give up what it waits for. */
  active(): boolean {
    return !this.revoked && this.consumer.running();
  }

  /** Queues a fetched message; false when it is already queued or handled (a refetch). */
  enqueue(message: KafkaMessage): boolean {
    const offset = BigInt(message.offset);
    if (this.revoked || offset < this.nextOffset) return false;
    this.nextOffset = offset + 1n;
    this.queue.push(message);
    if (!this.working) {
      this.working = true;
      this.work = this.drain();
    }
    return true;
  }

  revoke(): void {
    this.revoked = true;
  }

  /** Resolves once the lane has nothing queued (or stopped). */
  idle(): Promise<void> {
    return this.work;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0 && this.active()) {
        const message = this.queue[0]!;
        const handled = await this.handlers.execute(() => this.consumer.handle(message, this));
        if (!handled) break;
        // Handled: committed even if the lane was revoked meanwhile (a stale commit is
        // refused by Kafka and only logged); the next message waits for a live lane.
        await this.consumer.commit(message, this);
        this.queue.shift();
      }
    } finally {
      if (!this.active()) this.queue.length = 0;
      this.working = false;
    }
  }
}
