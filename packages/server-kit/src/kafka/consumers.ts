import { Logger } from '@nestjs/common';
import { type Consumer, type IHeaders, type KafkaMessage } from 'kafkajs';
import { type Metrics } from '../metrics/metrics.service';
import { type ConsumedBatch, type ConsumedMessage, type ConsumerContext } from './kafka-messages';

export interface ConsumerOptions {
  groupId: string;
  topic: string;
  /** Read the topic from its start when the group has no committed offset yet. */
  fromBeginning?: boolean;
}

export interface MessageConsumerOptions extends ConsumerOptions {
  /**
   * How many of its partitions this consumer works on at once (default 1: one message at
   * a time in all). Within a partition it is always one message at a time, in order.
   */
  concurrentPartitions?: number;
}

export interface BatchConsumerOptions extends ConsumerOptions {
  /** The broker holds a fetch until this much data is ready, or until maxWaitMs. */
  minBytes?: number;
  maxWaitMs?: number;
  maxBytesPerPartition?: number;
}

/**
 * 'done': everything in the batch is dealt with, commit it.
 * 'abandon': stopping mid-batch; commit nothing, the batch is redelivered.
 */
export type BatchOutcome = 'done' | 'abandon';
export type BatchHandler = (
  batch: ConsumedBatch,
  context: ConsumerContext,
) => Promise<BatchOutcome>;

/**
 * Handles one message; resolving commits it. Throwing means "not now": the
 * same message is retried with backoff (the consumer never crashes and never
 * skips). A message that can never be handled is the handler's to dead-letter.
 */
export type MessageHandler = (message: ConsumedMessage, context: ConsumerContext) => Promise<void>;

function headersOf(headers: IHeaders | undefined): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    out[name] = first === undefined ? undefined : first.toString();
  }
  return out;
}

function toConsumed(message: KafkaMessage): ConsumedMessage {
  return {
    key: message.key,
    value: message.value,
    offset: message.offset,
    headers: headersOf(message.headers),
  };
}

export function backoffMs(attempt: number, firstMs = 500, maxMs = 30_000): number {
  return Math.min(firstMs * 2 ** attempt, maxMs);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Metrics every consumer keeps: how far behind it is, and how much each fetch brings. */
export class ConsumerMetrics {
  private readonly lag;
  private readonly batchSize;

  constructor(metrics: Metrics) {
    this.lag = metrics.gauge({
      name: 'kafka_consumer_lag',
      help: 'Messages behind the partition end: at each fetch, those fetched and not yet committed plus any after them',
      labelNames: ['group', 'topic', 'partition'],
    });
    this.batchSize = metrics.histogram({
      name: 'kafka_consumer_batch_messages',
      help: 'Messages per fetched batch',
      labelNames: ['group', 'topic'],
      buckets: [1, 5, 10, 50, 100, 500, 1000, 5000],
    });
  }

  fetched(
    group: string,
    topic: string,
    partition: number,
    firstOffset: string,
    highWatermark: string,
    size: number,
  ) {
    const behind = Number(BigInt(highWatermark) - BigInt(firstOffset));
    this.lag.set({ group, topic, partition: String(partition) }, Math.max(0, behind));
    this.batchSize.observe({ group, topic }, size);
  }

  committed(
    group: string,
    topic: string,
    partition: number,
    nextOffset: string,
    highWatermark: string,
  ) {
    const behind = Number(BigInt(highWatermark) - BigInt(nextOffset));
    this.lag.set({ group, topic, partition: String(partition) }, Math.max(0, behind));
  }
}

/** A started consumer; `stop` waits for the work in hand to finish or give up. */
export class RunningConsumer {
  private stopping = false;

  constructor(
    private readonly consumer: Consumer,
    readonly groupId: string,
  ) {}

  get isStopping(): boolean {
    return this.stopping;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.consumer.disconnect();
  }
}

/** Runs a batch consumer with manual commits after each handled batch. */
export async function runBatchConsumer(
  consumer: Consumer,
  options: BatchConsumerOptions,
  handler: BatchHandler,
  metrics: ConsumerMetrics,
): Promise<RunningConsumer> {
  const running = new RunningConsumer(consumer, options.groupId);
  await consumer.connect();
  await consumer.subscribe({ topic: options.topic, fromBeginning: options.fromBeginning ?? true });
  await consumer.run({
    autoCommit: false,
    eachBatchAutoResolve: false,
    eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
      if (batch.messages.length === 0) return;
      const first = batch.messages[0]?.offset ?? batch.firstOffset() ?? '0';
      metrics.fetched(
        options.groupId,
        batch.topic,
        batch.partition,
        first,
        batch.highWatermark,
        batch.messages.length,
      );
      const outcome = await handler(
        {
          topic: batch.topic,
          partition: batch.partition,
          messages: batch.messages.map(toConsumed),
          highWatermark: batch.highWatermark,
          lastOffset: batch.lastOffset(),
        },
        {
          topic: batch.topic,
          partition: batch.partition,
          heartbeat,
          isActive: () => !running.isStopping && isRunning() && !isStale(),
        },
      );
      if (outcome === 'abandon') return;
      // Resolving moves our fetch position (without it kafkajs fetches the same
      // messages again); committing records it for whoever owns the partition next.
      resolveOffset(batch.lastOffset());
      const next = (BigInt(batch.lastOffset()) + 1n).toString();
      await consumer.commitOffsets([
        { topic: batch.topic, partition: batch.partition, offset: next },
      ]);
      metrics.committed(options.groupId, batch.topic, batch.partition, next, batch.highWatermark);
      await heartbeat();
    },
  });
  return running;
}

/** Runs a one-message-at-a-time consumer: each message is committed once its handler resolves. */
export async function runMessageConsumer(
  consumer: Consumer,
  options: MessageConsumerOptions,
  handler: MessageHandler,
  metrics: ConsumerMetrics,
): Promise<RunningConsumer> {
  const logger = new Logger(`consumer:${options.groupId}`);
  const running = new RunningConsumer(consumer, options.groupId);
  await consumer.connect();
  await consumer.subscribe({ topic: options.topic, fromBeginning: options.fromBeginning ?? true });
  await consumer.run({
    autoCommit: false,
    partitionsConsumedConcurrently: Math.max(1, options.concurrentPartitions ?? 1),
    eachBatchAutoResolve: false,
    eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
      const active = () => !running.isStopping && isRunning() && !isStale();
      for (const message of batch.messages) {
        if (!active()) return;
        metrics.fetched(
          options.groupId,
          batch.topic,
          batch.partition,
          message.offset,
          batch.highWatermark,
          1,
        );
        const context: ConsumerContext = {
          topic: batch.topic,
          partition: batch.partition,
          heartbeat,
          isActive: active,
        };
        for (let attempt = 0; ; attempt++) {
          try {
            await handler(toConsumed(message), context);
            break;
          } catch (error) {
            if (!active()) return; // uncommitted: redelivered to whoever owns the partition next
            const wait = backoffMs(attempt);
            logger.warn(
              { err: error, offset: message.offset, attempt, retryInMs: wait },
              'Handler failed; retrying',
            );
            const deadline = Date.now() + wait;
            while (Date.now() < deadline) {
              if (!active()) return;
              await heartbeat().catch(() => undefined);
              await sleep(Math.min(1000, deadline - Date.now()));
            }
          }
        }
        resolveOffset(message.offset);
        const next = (BigInt(message.offset) + 1n).toString();
        await consumer.commitOffsets([
          { topic: batch.topic, partition: batch.partition, offset: next },
        ]);
        metrics.committed(options.groupId, batch.topic, batch.partition, next, batch.highWatermark);
        await heartbeat();
      }
    },
  });
  return running;
}
