import { setTimeout as sleep } from 'node:timers/promises';
import { Logger } from '@nestjs/common';
import { bulkhead } from 'cockatiel';
import { type Consumer, type ConsumerRunConfig, type IHeaders, type KafkaMessage } from 'kafkajs';
import { type Metrics } from '../metrics/metrics.service';
import { backoffDelay } from '../resilience/backoff';
import { HEARTBEAT_EVERY_MS, retryWhileActive } from '../resilience/keep-alive';
import { type ConsumedBatch, type ConsumedMessage, type ConsumerContext } from './kafka-messages';
import { type LaneConsumer, PartitionLane } from './partition-lanes';

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
 * skips); throwing ConsumerStopped leaves it uncommitted, for redelivery. A
 * message that can never be handled is the handler's to dead-letter.
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

/** Metrics every consumer keeps: how far behind it is, and how much each fetch brings. */
export class ConsumerMetrics {
  private readonly lag;
  private readonly batchSize;
  private readonly restarts;

  constructor(metrics: Metrics) {
    this.restarts = metrics.counter({
      name: 'kafka_consumer_restarts_total',
      help: 'Consumers started again by the service after kafkajs gave up on them (a crash it would not retry)',
      labelNames: ['group'],
    });
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

  restarted(group: string) {
    this.restarts.inc({ group });
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

/** A started consumer; `stop` waits for the work under way to finish or give up. */
export class RunningConsumer {
  private stopping = false;

  constructor(
    private readonly consumer: Consumer,
    readonly groupId: string,
    /** Resolves once work outside kafkajs's own handler calls is done; awaited before disconnecting. */
    private readonly workDone: () => Promise<unknown> = () => Promise.resolve(),
  ) {}

  get isStopping(): boolean {
    return this.stopping;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.workDone();
    await this.consumer.disconnect();
  }
}

/** Backoff between attempts to start a consumer again after a crash kafkajs would not retry. */
export interface RestartBackoff {
  firstMs: number;
  maxMs: number;
}

const RESTART_BACKOFF: RestartBackoff = { firstMs: 1_000, maxMs: 30_000 };

/** How often a first start that fails with an error kafkajs calls retriable is tried. */
export const FIRST_START_ATTEMPTS = 5;

const retriable = (error: unknown) =>
  error instanceof Error && (error as { retriable?: unknown }).retriable === true;

/**
 * Connects, subscribes and runs `consumer`, and runs it again whenever kafkajs gives up on it.
 * kafkajs restarts a crashed consumer itself only after an error it deems retriable; after
 * any other (the group no longer knowing the member, a handler's non-retriable error) it
 * leaves the consumer disconnected for good while the service goes on reporting ready, and
 * nothing is consumed until someone restarts the pod. Uncommitted messages are delivered again
 * once it runs, and every handler is idempotent.
 */
async function startConsuming(
  consumer: Consumer,
  options: ConsumerOptions,
  config: ConsumerRunConfig,
  running: RunningConsumer,
  metrics: ConsumerMetrics,
  backoff: RestartBackoff,
): Promise<void> {
  const logger = new Logger(`consumer:${options.groupId}`);
  const start = async () => {
    await consumer.connect();
    await consumer.subscribe({
      topic: options.topic,
      fromBeginning: options.fromBeginning ?? true,
    });
    await consumer.run(config);
  };
  let restarting = false;
  consumer.on(consumer.events.CRASH, ({ payload }) => {
    if (payload.restart || running.isStopping || restarting) return;
    restarting = true;
    void (async () => {
      let cause: unknown = payload.error;
      for (let attempt = 0; !running.isStopping; attempt++) {
        const delay = backoffDelay(attempt, backoff);
        logger.error(
          { err: cause, attempt, retryInMs: delay },
          'Consumer crashed and kafkajs will not restart it; starting it again',
        );
        await sleep(delay);
        if (running.isStopping) break;
        try {
          await start();
          metrics.restarted(options.groupId);
          break;
        } catch (error) {
          cause = error;
        }
      }
      restarting = false;
      // Stopped while starting: what start() connected is let go as stop() meant.
      if (running.isStopping) await consumer.disconnect().catch(() => undefined);
    })();
  });
  // A topic just created is not yet known to every broker: kafkajs's subscribe then fails at
  // once with a retriable error (UNKNOWN_TOPIC_OR_PARTITION) instead of waiting for it.
  for (let attempt = 1; ; attempt++) {
    try {
      await start();
      return;
    } catch (error) {
      if (!retriable(error) || attempt >= FIRST_START_ATTEMPTS || running.isStopping) throw error;
      const delay = backoffDelay(attempt - 1, backoff);
      logger.warn({ err: error, attempt, retryInMs: delay }, 'Consumer could not start yet');
      await sleep(delay);
    }
  }
}

/** Runs a batch consumer with manual commits after each handled batch. */
export async function runBatchConsumer(
  consumer: Consumer,
  options: BatchConsumerOptions,
  handler: BatchHandler,
  metrics: ConsumerMetrics,
  heartbeatEveryMs = HEARTBEAT_EVERY_MS,
  restartBackoff = RESTART_BACKOFF,
): Promise<RunningConsumer> {
  const running = new RunningConsumer(consumer, options.groupId);
  await startConsuming(
    consumer,
    options,
    {
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
        // One call of the handler can outlast the session (a large batch from the start of
        // the topic, an insert into a server that is shutting down): a group that hears
        // nothing for that long drops the member, and kafkajs then crashes the consumer
        // (startConsuming starts it again, and the batch is handled twice). kafkajs sends at
        // most one heartbeat per heartbeatInterval, so beating often costs nothing.
        const beating = setInterval(
          () => void heartbeat().catch(() => undefined),
          heartbeatEveryMs,
        );
        let outcome: BatchOutcome;
        try {
          outcome = await handler(
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
        } finally {
          clearInterval(beating);
        }
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
    },
    running,
    metrics,
    restartBackoff,
  );
  return running;
}

/** How many fetched messages one partition may have queued before fetching pauses. */
const MAX_QUEUED_PER_PARTITION = 100;

/**
 * Runs a one-message-at-a-time consumer: each partition's messages in offset order, one
 * at a time, in a lane of its own (partition-lanes.ts), up to `concurrentPartitions`
 * handlers at once across partitions; each message is committed once its handler
 * resolves.
 */
export async function runMessageConsumer(
  consumer: Consumer,
  options: MessageConsumerOptions,
  handler: MessageHandler,
  metrics: ConsumerMetrics,
  restartBackoff = RESTART_BACKOFF,
): Promise<RunningConsumer> {
  const logger = new Logger(`consumer:${options.groupId}`);
  const lanes = new Map<number, PartitionLane>();
  const handlers = bulkhead(Math.max(1, options.concurrentPartitions ?? 1), Infinity);
  const running = new RunningConsumer(consumer, options.groupId, () =>
    Promise.all([...lanes.values()].map((lane) => lane.idle())),
  );
  /** The group membership's heartbeat, from kafkajs's latest handler call. */
  let heartbeat: () => Promise<void> = () => Promise.resolve();
  const lanesConsumer: LaneConsumer = {
    running: () => !running.isStopping,
    async handle(message, lane) {
      const context: ConsumerContext = {
        topic: lane.topic,
        partition: lane.partition,
        heartbeat: () => heartbeat(),
        isActive: () => lane.active(),
      };
      const work = () => handler(toConsumed(message), context);
      // It gives up only with ConsumerStopped: uncommitted, for whoever owns the partition next.
      return retryWhileActive(work, context, {
        firstMs: 500,
        maxMs: 30_000,
        onRetry: (error, attempt, retryInMs) =>
          logger.warn(
            { err: error, offset: message.offset, attempt, retryInMs },
            'Handler failed; retrying',
          ),
      }).then(
        () => true,
        () => false,
      );
    },
    async commit(message, lane) {
      const next = (BigInt(message.offset) + 1n).toString();
      try {
        await consumer.commitOffsets([
          { topic: lane.topic, partition: lane.partition, offset: next },
        ]);
        metrics.committed(options.groupId, lane.topic, lane.partition, next, lane.highWatermark);
      } catch (error) {
        // Handled all the same; at worst it is delivered again, and handlers are idempotent.
        logger.warn(
          { err: error, partition: lane.partition, offset: message.offset },
          'Commit failed',
        );
      }
    },
  };
  consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
    const mine = new Set(payload.memberAssignment[options.topic] ?? []);
    for (const [partition, lane] of lanes) {
      if (mine.has(partition)) continue;
      lane.revoke();
      lanes.delete(partition);
    }
  });
  await startConsuming(
    consumer,
    options,
    {
      autoCommit: false,
      eachBatchAutoResolve: false,
      eachBatch: async (payload) => {
        const { batch, resolveOffset, isRunning, isStale } = payload;
        heartbeat = payload.heartbeat;
        const active = () => !running.isStopping && isRunning() && !isStale();
        if (!active()) return;
        let lane = lanes.get(batch.partition);
        if (!lane) {
          lane = new PartitionLane(batch.topic, batch.partition, lanesConsumer, handlers);
          lanes.set(batch.partition, lane);
        }
        lane.highWatermark = batch.highWatermark;
        for (const message of batch.messages) {
          if (lane.enqueue(message))
            metrics.fetched(
              options.groupId,
              batch.topic,
              batch.partition,
              message.offset,
              batch.highWatermark,
              1,
            );
          // Fetching goes on from here; committing is the lane's, once each is handled.
          resolveOffset(message.offset);
        }
        // Memory stays bounded: a partition far behind holds the next fetch back.
        while (lane.size > MAX_QUEUED_PER_PARTITION && active()) {
          await payload.heartbeat().catch(() => undefined);
          await sleep(100);
        }
      },
    },
    running,
    metrics,
    restartBackoff,
  );
  return running;
}
