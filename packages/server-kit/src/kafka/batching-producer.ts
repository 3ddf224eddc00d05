import { type Producer } from 'kafkajs';
import { backoffDelay } from '../resilience/backoff';
import { type OutgoingMessage } from './kafka-messages';
import { keyPartition } from './key-partitioner';

export class ProducerBufferFullError extends Error {
  constructor(
    readonly buffered: number,
    readonly bufferedBytes = 0,
  ) {
    super(`Producer buffer is full (${buffered} waiting for Kafka, ${bufferedBytes} bytes)`);
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
  /** A batch this big is sent at once; a Kafka request carries no more. */
  maxBatchSize: number;
  /**
   * The same in bytes (see messageBytes), whatever the weight: Kafka refuses a partition's
   * records past the topic's max.message.bytes (1 MiB by default), and a batch it refuses
   * would be retried for ever. Unbounded when left out; a single larger send goes alone.
   */
  maxBatchBytes?: number;
  /** Kafka requests awaiting their acks at once; more keep up with a busy event loop. */
  maxInFlight?: number;
  /** What is held (waiting or in flight) beyond this is refused, never dropped. */
  maxBuffered: number;
  /**
   * The same bound in bytes (see messageBytes): what the buffer holds is what
   * the process holds in memory, so this is what keeps it under its memory
   * limit when messages are large. Unbounded when left out.
   */
  maxBufferedBytes?: number;
  /** First pause after Kafka refuses a batch; doubled on each failure in a row. */
  retryMinMs?: number;
  /** The longest pause between retries. */
  retryMaxMs?: number;
  /** Told of each failed attempt, with what is held and when the next attempt is. */
  onRetry?: (error: unknown, held: number, retryInMs: number) => void;
  /** Told once Kafka takes messages again after failures. */
  onRecovered?: (failedAttempts: number) => void;
  /**
   * Joins, at each send to Kafka, the keyed messages bound for one partition into one
   * record, their values concatenated in the order they were taken: for values whose
   * concatenation is itself one value, as protobuf's repeated fields are. Kafka's client
   * works per record, so this divides its work by the messages a record holds. Gives
   * the topic's partition count; messages go as they are until it is known.
   */
  joinPerPartition?: (topic: string) => number | undefined;
}

interface Pending {
  topic: string;
  messages: OutgoingMessage[];
  weight: number;
  bytes: number;
}

const weightOf = (items: Pending[]) => items.reduce((sum, item) => sum + item.weight, 0);
const bytesOf = (items: Pending[]) => items.reduce((sum, item) => sum + item.bytes, 0);

/** Rough bookkeeping per held message besides its own bytes (object, array slot, batch entry). */
export const MESSAGE_OVERHEAD_BYTES = 128;

const byteLength = (value: string | Buffer | null | undefined) =>
  value == null ? 0 : typeof value === 'string' ? Buffer.byteLength(value) : value.length;

/** What holding these messages costs in memory, as the byte bound counts it. */
export function messageBytes(messages: OutgoingMessage[]): number {
  let bytes = 0;
  for (const message of messages) {
    bytes += MESSAGE_OVERHEAD_BYTES + byteLength(message.value) + byteLength(message.key);
    for (const [name, value] of Object.entries(message.headers ?? {})) {
      bytes += byteLength(name) + byteLength(value);
    }
  }
  return bytes;
}

/**
 * A bounded buffer in front of Kafka. `send` takes messages in at once or
 * refuses them (the buffer is full); what it took is delivered in batches with
 * acks from all in-sync replicas, a few Kafka requests in flight at a time, and
 * a refused batch is retried with backoff until Kafka takes it. Callers answer
 * without waiting on Kafka's round trip, whose pauses would otherwise be every
 * caller's pauses; while Kafka is away the buffer fills and callers are
 * refused, never silently dropped. What is held lives in memory: `drain` on
 * shutdown delivers it, and a process that dies hard loses at most that.
 */
export class BatchingProducer {
  private waiting: Pending[] = [];
  private waitingWeight = 0;
  private inFlightWeight = 0;
  private waitingBytes = 0;
  private inFlightBytes = 0;
  private inFlight = 0;
  /** When the oldest waiting message arrived; it waits at most lingerMs for company. */
  private waitingSince = 0;
  private timer: NodeJS.Timeout | undefined;
  /** When the pending timer fires. */
  private timerDue = 0;
  private failures = 0;
  private draining = false;
  private stopped = false;
  private idle: (() => void)[] = [];

  constructor(
    private readonly producer: Pick<Producer, 'sendBatch'>,
    private readonly options: BatchingOptions,
  ) {}

  /** Messages taken in and not yet acknowledged by Kafka, in the callers' units. */
  get buffered(): number {
    return this.waitingWeight + this.inFlightWeight;
  }

  /** Bytes held (waiting or in flight), as messageBytes counts them. */
  get bufferedBytes(): number {
    return this.waitingBytes + this.inFlightBytes;
  }

  /** Takes the messages for delivery, or throws ProducerBufferFullError and takes none. */
  send(topic: string, messages: OutgoingMessage[], weight = messages.length): void {
    if (this.stopped) throw new Error('The producer has shut down; nothing more is taken.');
    const bytes = messageBytes(messages);
    if (
      this.buffered + weight > this.options.maxBuffered ||
      this.bufferedBytes + bytes > (this.options.maxBufferedBytes ?? Number.POSITIVE_INFINITY)
    ) {
      throw new ProducerBufferFullError(this.buffered, this.bufferedBytes);
    }
    if (this.waiting.length === 0) this.waitingSince = performance.now();
    this.waiting.push({ topic, messages, weight, bytes });
    this.waitingWeight += weight;
    this.waitingBytes += bytes;
    this.schedule();
  }

  /**
   * For shutdown: delivers everything held without lingering, then stops.
   * Resolves with how much is still undelivered (0 when all is in Kafka) once
   * all is delivered or the time is up; the caller reports any shortfall.
   */
  async drain(timeoutMs = 10_000): Promise<number> {
    this.draining = true;
    if (this.buffered > 0) {
      this.schedule();
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => this.idle.push(resolve)),
        new Promise<void>((resolve) => (timeout = setTimeout(resolve, timeoutMs))),
      ]);
      clearTimeout(timeout);
    }
    this.stopped = true;
    clearTimeout(this.timer);
    return this.buffered;
  }

  /**
   * One timer decides the next Kafka request: after failures, a backoff once
   * nothing is in flight; otherwise at once for a full batch (or when
   * draining), else when the oldest waiting message has lingered enough.
   * A timer already due as soon is kept: re-arming it on every send would,
   * under a steady stream of sends, keep pushing the next request out.
   */
  private schedule(): void {
    if (this.stopped || this.waiting.length === 0) return;
    let delay: number;
    if (this.failures > 0) {
      if (this.inFlight > 0 || this.timer) return;
      delay = this.backoffMs();
    } else {
      if (this.inFlight >= (this.options.maxInFlight ?? 4)) return;
      const full =
        this.waitingWeight >= this.options.maxBatchSize ||
        this.waitingBytes >= (this.options.maxBatchBytes ?? Number.POSITIVE_INFINITY);
      if (this.draining || full) delay = 0;
      else delay = Math.max(0, this.waitingSince + this.options.lingerMs - performance.now());
    }
    const due = performance.now() + delay;
    if (this.timer && this.timerDue <= due) return;
    clearTimeout(this.timer);
    this.timerDue = due;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delay);
  }

  private backoffMs(): number {
    const { retryMinMs = 200, retryMaxMs = 5000 } = this.options;
    return backoffDelay(this.failures - 1, { firstMs: retryMinMs, maxMs: retryMaxMs });
  }

  private async flush(): Promise<void> {
    const batch = this.takeBatch();
    const weight = weightOf(batch);
    const bytes = bytesOf(batch);
    this.inFlight += 1;
    this.inFlightWeight += weight;
    this.inFlightBytes += bytes;
    this.schedule(); // another full batch may go alongside this one
    let failure: { error: unknown } | undefined;
    try {
      await this.producer.sendBatch({
        acks: -1,
        topicMessages: byTopic(batch, this.options.joinPerPartition),
      });
      if (this.failures > 0) this.options.onRecovered?.(this.failures);
      this.failures = 0;
    } catch (error) {
      // Back to the front for the retry. Kafka may have kept part of a failed
      // batch, and batches in flight together may land out of order: every
      // consumer deduplicates on event id and none depends on arrival order.
      this.waiting.unshift(...batch);
      this.waitingWeight += weight;
      this.waitingBytes += bytes;
      this.failures += 1;
      failure = { error };
    } finally {
      this.inFlight -= 1;
      this.inFlightWeight -= weight;
      this.inFlightBytes -= bytes;
    }
    if (failure) this.options.onRetry?.(failure.error, this.buffered, this.backoffMs());
    if (this.waiting.length > 0) this.schedule();
    else if (this.buffered === 0) for (const resolve of this.idle.splice(0)) resolve();
  }

  /** The oldest waiting messages, up to maxBatchSize and maxBatchBytes (a single larger send goes alone). */
  private takeBatch(): Pending[] {
    const maxBytes = this.options.maxBatchBytes ?? Number.POSITIVE_INFINITY;
    let weight = 0;
    let bytes = 0;
    let count = 0;
    for (const item of this.waiting) {
      const over =
        weight + item.weight > this.options.maxBatchSize || bytes + item.bytes > maxBytes;
      if (count > 0 && over) break;
      weight += item.weight;
      bytes += item.bytes;
      count += 1;
    }
    this.waitingWeight -= weight;
    this.waitingBytes -= bytes;
    // What stays behind has waited already; it goes with the next batch, not a linger later.
    this.waitingSince = performance.now() - this.options.lingerMs;
    return this.waiting.splice(0, count);
  }
}

function byTopic(batch: Pending[], partitionsOf?: (topic: string) => number | undefined) {
  const topics = new Map<string, OutgoingMessage[]>();
  for (const item of batch) {
    const list = topics.get(item.topic);
    if (list) list.push(...item.messages);
    else topics.set(item.topic, [...item.messages]);
  }
  return [...topics].map(([topic, messages]) => {
    const partitions = partitionsOf?.(topic);
    return { topic, messages: partitions ? joinedPerPartition(messages, partitions) : messages };
  });
}

/**
 * One record per partition for the keyed messages without headers whose values are bytes,
 * keyed by the first one's key, so the partitioner sends it where each of them would have
 * gone; any other message goes as it is.
 */
export function joinedPerPartition(
  messages: OutgoingMessage[],
  partitions: number,
): OutgoingMessage[] {
  const groups = new Map<number, OutgoingMessage[]>();
  const out: OutgoingMessage[] = [];
  for (const message of messages) {
    const { key, value, headers } = message;
    if (key == null || !Buffer.isBuffer(value) || headers !== undefined) {
      out.push(message);
      continue;
    }
    const partition = keyPartition(key, partitions);
    const group = groups.get(partition);
    if (group) group.push(message);
    else groups.set(partition, [message]);
  }
  for (const group of groups.values()) {
    out.push(
      group.length === 1
        ? group[0]!
        : { key: group[0]!.key, value: Buffer.concat(group.map((m) => m.value as Buffer)) },
    );
  }
  return out;
}
