import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { type ClickHouseClient } from '@clickhouse/client';
import {
  type AnalyticsEvent,
  TOPICS,
  deadLetterTopic,
  eventBatchMessage,
} from '@handcheck/contracts';
import {
  type BatchOutcome,
  CLICKHOUSE,
  type ConsumedBatch,
  type ConsumerContext,
  KafkaService,
  type KafkaProducer,
  Metrics,
  backoffMs,
  sleep,
} from '@handcheck/server-kit';
import { IngestionEnv } from '../config/ingestion.env';
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
export class AnalyticsConsumer implements OnApplicationBootstrap {
  private readonly logger = new Logger(AnalyticsConsumer.name);
  private readonly deadLetters: KafkaProducer;
  private readonly batchEvents;
  private readonly insertSeconds;
  private readonly insertedRows;
  private readonly deadLettered;

  constructor(
    private readonly kafka: KafkaService,
    @Inject(CLICKHOUSE) private readonly clickhouse: ClickHouseClient,
    private readonly env: IngestionEnv,
    metrics: Metrics,
  ) {
    this.deadLetters = kafka.producer();
    this.batchEvents = metrics.histogram({
      name: 'ingestion_batch_events',
      help: 'Analytics events per consumed batch',
      buckets: [1, 10, 100, 500, 1000, 5000, 10000, 50000],
    });
    this.insertSeconds = metrics.histogram({
      name: 'ingestion_insert_duration_seconds',
      help: 'Time for one ClickHouse insert, by table',
      labelNames: ['table'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    });
    this.insertedRows = metrics.counter({
      name: 'ingestion_rows_inserted_total',
      help: 'Rows written to ClickHouse, by table',
      labelNames: ['table'],
    });
    this.deadLettered = metrics.counter({
      name: 'ingestion_dead_letters_total',
      help: 'Messages or events sent to the dead-letter topic',
    });
  }

  // After every onModuleInit: the ClickHouse migrations have run and the topics exist.
  async onApplicationBootstrap(): Promise<void> {
    await this.kafka.batchConsumer(
      {
        groupId: this.env.CONSUMER_GROUP,
        topic: TOPICS.analyticsEventBatches,
        fromBeginning: true,
        minBytes: this.env.BATCH_MIN_BYTES,
        maxWaitMs: this.env.BATCH_MAX_WAIT_MS,
        maxBytesPerPartition: 4 * 1024 * 1024,
      },
      (batch, context) => this.handleBatch(batch, context),
    );
  }

  private async handleBatch(batch: ConsumedBatch, context: ConsumerContext): Promise<BatchOutcome> {
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
    this.batchEvents.observe(events.length);

    try {
      if (rejected.length > 0) {
        await this.retrying('dead-letter', context, () =>
          this.sendToDeadLetters(batch.topic, batch.partition, rejected),
        );
      }
      await this.retrying('ClickHouse insert', context, () => this.insert(events));
    } catch (error) {
      if (error instanceof ShuttingDown) return 'abandon'; // redelivered to whoever owns the partition next
      throw error;
    }
    return 'done';
  }

  private async insert(events: AnalyticsEvent[]): Promise<void> {
    const inserts = [...groupRows(events)].map(async ([table, values]) => {
      const end = this.insertSeconds.startTimer({ table });
      await this.clickhouse.insert({ table, values, format: 'JSONEachRow' });
      end();
      this.insertedRows.inc({ table }, values.length);
    });
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
    await this.deadLetters.send(
      deadLetterTopic(TOPICS.analyticsEventBatches),
      rejected.map(({ key, value, offset, reason }) => ({
        key,
        value,
        headers: {
          reason,
          'source-topic': topic,
          'source-partition': String(partition),
          'source-offset': offset,
        },
      })),
    );
    this.deadLettered.inc(rejected.length);
  }

  private async retrying(
    what: string,
    context: ConsumerContext,
    work: () => Promise<void>,
  ): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await work();
        return;
      } catch (error) {
        if (!context.isActive()) throw new ShuttingDown();
        const wait = backoffMs(attempt, 250, 10_000);
        this.logger.warn({ err: error, attempt, retryInMs: wait }, `${what} failed; retrying`);
        const deadline = Date.now() + wait;
        while (Date.now() < deadline) {
          if (!context.isActive()) throw new ShuttingDown();
          await context.heartbeat().catch(() => undefined);
          await sleep(Math.min(1000, deadline - Date.now()));
        }
      }
    }
  }
}
