import { type Message, type Producer } from 'kafkajs';

export class ProducerBufferFullError extends Error {
  constructor(readonly buffered: number) {
    super(`Producer buffer is full (${buffered} waiting for Kafka)`);
    this.name = 'ProducerBufferFullError';
  }
}

/**
 * Sizes are in units the caller chooses per send (its weight, by default the
 * number of messages); the gateway counts events, as one message holds a
 * request's whole batch.
 */
export interface BatchingOptions {
  /** How long the first message of a batch may wait for company. */
  lingerMs: number;
  /** A batch this big is sent at once. */
  maxBatchSize: number;
  /** What is waiting or in flight beyond this is refused, never dropped. */
  maxBuffered: number;
}

interface Pending {
  topic: string;
  messages: Message[];
  weight: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Collects sends from many HTTP requests into one Kafka request (acks from all
 * in-sync replicas). Each caller's promise settles when its own messages are
 * acknowledged, so a 202 always means "in Kafka".
 */
export class BatchingProducer {
  private pending: Pending[] = [];
  private pendingCount = 0;
  private inFlight = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly flushes = new Set<Promise<void>>();

  constructor(
    private readonly producer: Producer,
    private readonly options: BatchingOptions,
  ) {}

  get buffered(): number {
    return this.pendingCount + this.inFlight;
  }

  send(topic: string, messages: Message[], weight = messages.length): Promise<void> {
    if (this.buffered + weight > this.options.maxBuffered) {
      return Promise.reject(new ProducerBufferFullError(this.buffered));
    }
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ topic, messages, weight, resolve, reject });
      this.pendingCount += weight;
      if (this.pendingCount >= this.options.maxBatchSize) this.flushNow();
      else this.timer ??= setTimeout(() => this.flushNow(), this.options.lingerMs);
    });
  }

  /** Sends whatever is waiting and resolves when every send has settled. */
  async drain(): Promise<void> {
    this.flushNow();
    await Promise.allSettled([...this.flushes]);
  }

  private flushNow(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    const count = this.pendingCount;
    this.pending = [];
    this.pendingCount = 0;
    this.inFlight += count;
    const flush = this.sendBatch(batch).finally(() => {
      this.inFlight -= count;
      this.flushes.delete(flush);
    });
    this.flushes.add(flush);
  }

  private async sendBatch(batch: Pending[]): Promise<void> {
    const byTopic = new Map<string, Message[]>();
    for (const item of batch) {
      const list = byTopic.get(item.topic) ?? [];
      list.push(...item.messages);
      byTopic.set(item.topic, list);
    }
    try {
      await this.producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
      });
      for (const item of batch) item.resolve();
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
  }
}
