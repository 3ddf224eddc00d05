import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { type ClickHouseClient } from '@clickhouse/client';
import { type Consumer, type EachBatchPayload, type Kafka, type Producer } from 'kafkajs';
import {
  type AnalyticsEvent,
  TOPICS,
  deadLetterTopic,
  eventBatchMessage,
  topicWithDeadLetters,
} from '@handcheck/contracts';
import { createProducer, ensureTopics } from '@handcheck/server-kit';
import { CLICKHOUSE } from '../clickhouse/clickhouse.module';
import { IngestionEnv } from '../config/ingestion.env';
import { KAFKA } from '../kafka.tokens';
import { backoffMs, sleep } from './backoff';
import { decodeBatch } from './decode-batch';
import { groupRows } from './event-rows';

class ShuttingDown extends Error {}

/** What goes to the dead-letter topic: the bytes we could not use and why. */
interface Rejected {
  key: Buffer | string | null;
  value: Buffer | null;
  offset: string;
  reason: string;
}

/**
 * Reads analytics events in batches (not Nest's one-message-at-a-time Kafka
 * server), writes each batch to ClickHouse with one insert per table, and only
 * then commits the offsets. Bad messages go to the dead-letter topic with the
 * reason; while ClickHouse is away the batch is retried with backoff, holding
 * the partition, so nothing is lost and nothing crashes.
 */
@Injectable()
export class AnalyticsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(AnalyticsConsumer.name);
  private readonly consumer: Consumer;
  private readonly deadLetters: Producer;
  private stopping = false;

  constructor(
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(CLICKHOUSE) private readonly clickhouse: ClickHouseClient,
    env: IngestionEnv,
  ) {
    this.consumer = kafka.consumer({
      groupId: env.CONSUMER_GROUP,
      minBytes: env.BATCH_MIN_BYTES,
      maxWaitTimeInMs: env.BATCH_MAX_WAIT_MS,
      maxBytesPerPartition: 4 * 1024 * 1024,
      sessionTimeout: 30_000,
      heartbeatInterval: 3_000,
    });
    this.deadLetters = createProducer(kafka);
  }

  // After every onModuleInit, so the ClickHouse migrations have run.
  async onApplicationBootstrap(): Promise<void> {
    await ensureTopics(this.kafka, topicWithDeadLetters(TOPICS.analyticsEventBatches));
    await this.deadLetters.connect();
    await this.consumer.connect();
    await this.consumer.subscribe({ topic: TOPICS.analyticsEventBatches, fromBeginning: true });
    await this.consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      eachBatch: (payload) => this.handleBatch(payload),
    });
  }

  // Before the ClickHouse client closes in onApplicationShutdown.
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    // disconnect() waits for the batch in hand to finish (or give up) first.
    await this.consumer.disconnect();
    await this.deadLetters.disconnect();
  }

  private async handleBatch({
    batch,
    resolveOffset,
    heartbeat,
    isRunning,
    isStale,
  }: EachBatchPayload): Promise<void> {
    if (batch.messages.length === 0) return;
    const events: AnalyticsEvent[] = [];
    const rejected: Rejected[] = [];
    for (const message of batch.messages) {
      const decoded = decodeBatch(message.value);
      if (!decoded.ok) {
        const { key, value, offset } = message;
        rejected.push({ key, value, offset, reason: decoded.reason });
        continue;
      }
      events.push(...decoded.events);
      // A bad event travels alone, re-encoded as a batch of one, so it can be replayed.
      for (const { event, reason } of decoded.invalid) {
        const alone = eventBatchMessage([event]);
        rejected.push({ key: message.key, value: alone.value, offset: message.offset, reason });
      }
    }

    const keepGoing = () => !this.stopping && isRunning() && !isStale();
    try {
      if (rejected.length > 0) {
        await this.retrying('dead-letter', keepGoing, heartbeat, () =>
          this.sendToDeadLetters(batch.topic, batch.partition, rejected),
        );
      }
      await this.retrying('ClickHouse insert', keepGoing, heartbeat, () => this.insert(events));
    } catch (error) {
      if (error instanceof ShuttingDown) return; // uncommitted: redelivered to whoever owns the partition next
      throw error;
    }

    // Resolving moves our fetch position (without it kafkajs fetches the same
    // messages again); committing records it for whoever owns the partition next.
    resolveOffset(batch.lastOffset());
    const next = (BigInt(batch.lastOffset()) + 1n).toString();
    await this.consumer.commitOffsets([
      { topic: batch.topic, partition: batch.partition, offset: next },
    ]);
    await heartbeat();
  }

  private async insert(events: AnalyticsEvent[]): Promise<void> {
    const inserts = [...groupRows(events)].map(([table, values]) =>
      this.clickhouse.insert({ table, values, format: 'JSONEachRow' }),
    );
    await Promise.all(inserts);
  }

  private async sendToDeadLetters(
    topic: string,
    partition: number,
    rejected: Rejected[],
  ): Promise<void> {
    this.logger.warn(
      { count: rejected.length, reasons: rejected.map((r) => r.reason) },
      'Dead-lettering messages',
    );
    await this.deadLetters.send({
      topic: deadLetterTopic(TOPICS.analyticsEventBatches),
      acks: -1,
      messages: rejected.map(({ key, value, offset, reason }) => ({
        key,
        value,
        headers: {
          reason,
          'source-topic': topic,
          'source-partition': String(partition),
          'source-offset': offset,
        },
      })),
    });
  }

  private async retrying(
    what: string,
    keepGoing: () => boolean,
    heartbeat: () => Promise<void>,
    work: () => Promise<void>,
  ): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await work();
        return;
      } catch (error) {
        if (!keepGoing()) throw new ShuttingDown();
        const wait = backoffMs(attempt);
        this.logger.warn({ err: error, attempt, retryInMs: wait }, `${what} failed; retrying`);
        const deadline = Date.now() + wait;
        while (Date.now() < deadline) {
          if (!keepGoing()) throw new ShuttingDown();
          await heartbeat().catch(() => undefined);
          await sleep(Math.min(1000, deadline - Date.now()));
        }
      }
    }
  }
}
