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
  isClickHouseUnavailable,
  sleep,
} from '@handcheck/server-kit';
import { IngestionEnv } from '../config/ingestion.env';
import { decodeBatch } from './decode-batch';
import { type Row, type TableName, rowsFor } from './event-rows';

class ShuttingDown extends Error {}

/** A dead letter's reason is kept to this many characters (header and log alike). */
const MAX_REASON_LENGTH = 300;
/** Distinct reasons named in one log line; the rest are counted. */
const MAX_REASONS_LOGGED = 10;

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, MAX_REASON_LENGTH);

/** One good event with the rows it becomes and where it came from. */
interface Mapped {
  event: AnalyticsEvent;
  rows: Array<[TableName, Row]>;
  key: Buffer | null;
  offset: string;
}

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
    const mapped: Mapped[] = [];
    const rejected: Rejected[] = [];
    // A bad event travels alone, re-encoded as a batch of one, so it can be replayed.
    const alone = (event: AnalyticsEvent, key: Buffer | null, offset: string, reason: string) =>
      rejected.push({ key, value: eventBatchMessage([event]).value, offset, reason });
    for (const message of batch.messages) {
      const decoded = decodeBatch(message.value);
      if (!decoded.ok) {
        const { key, value, offset } = message;
        rejected.push({ key, value, offset, reason: decoded.reason });
        continue;
      }
      for (const { event, reason } of decoded.invalid)
        alone(event, message.key, message.offset, reason);
      // Rows are made per event: one the mapping cannot take is set aside alone.
      for (const event of decoded.events) {
        try {
          mapped.push({ event, rows: rowsFor(event), key: message.key, offset: message.offset });
        } catch (error) {
          alone(event, message.key, message.offset, `row mapping failed: ${errorText(error)}`);
        }
      }
    }
    this.batchEvents.observe(mapped.length);

    try {
      // Only ClickHouse being unavailable is retried; events it refuses come back here.
      let refused: Array<{ item: Mapped; reason: string }> = [];
      await this.retrying('ClickHouse insert', context, async () => {
        refused = await this.insert(mapped);
      });
      for (const { item, reason } of refused) alone(item.event, item.key, item.offset, reason);
      if (rejected.length > 0) {
        await this.retrying('dead-letter', context, () =>
          this.sendToDeadLetters(batch.topic, batch.partition, rejected),
        );
      }
    } catch (error) {
      if (error instanceof ShuttingDown) return 'abandon'; // redelivered to whoever owns the partition next
      throw error;
    }
    return 'done';
  }

  /**
   * One insert per table. When ClickHouse refuses a table's insert for its data
   * (not for being unavailable, which throws and is retried), that table's rows
   * are inserted one by one and the events whose rows it refuses are returned
   * with its reason, to be dead-lettered; the rest are written.
   */
  private async insert(items: Mapped[]): Promise<Array<{ item: Mapped; reason: string }>> {
    const tables = new Map<TableName, Array<{ item: Mapped; row: Row }>>();
    for (const item of items) {
      for (const [table, row] of item.rows) {
        const rows = tables.get(table) ?? [];
        rows.push({ item, row });
        tables.set(table, rows);
      }
    }
    const refused = new Map<Mapped, string>();
    await Promise.all(
      [...tables].map(async ([table, rows]) => {
        try {
          await this.insertRows(
            table,
            rows.map(({ row }) => row),
          );
        } catch (error) {
          if (isClickHouseUnavailable(error)) throw error;
          for (const { item, row } of rows) {
            try {
              await this.insertRows(table, [row]);
            } catch (rowError) {
              if (isClickHouseUnavailable(rowError)) throw rowError;
              refused.set(item, `ClickHouse refused the ${table} row: ${errorText(rowError)}`);
            }
          }
        }
      }),
    );
    return [...refused].map(([item, reason]) => ({ item, reason }));
  }

  private async insertRows(table: TableName, values: Row[]): Promise<void> {
    const end = this.insertSeconds.startTimer({ table });
    await this.clickhouse.insert({ table, values, format: 'JSONEachRow' });
    end();
    this.insertedRows.inc({ table }, values.length);
  }

  private async sendToDeadLetters(
    topic: string,
    partition: number,
    rejected: Rejected[],
  ): Promise<void> {
    this.logger.warn(
      { count: rejected.length, reasons: reasonCounts(rejected) },
      'Dead-lettering messages',
    );
    await this.deadLetters.send(
      deadLetterTopic(TOPICS.analyticsEventBatches),
      rejected.map(({ key, value, offset, reason }) => ({
        key,
        value,
        headers: {
          reason: reason.slice(0, MAX_REASON_LENGTH),
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

/** How many dead letters had each reason: at most MAX_REASONS_LOGGED named, the rest counted as one. */
export function reasonCounts(rejected: ReadonlyArray<{ reason: string }>): Record<string, number> {
  const counts: Record<string, number> = {};
  let named = 0;
  for (const { reason } of rejected) {
    let key = reason.slice(0, MAX_REASON_LENGTH);
    if (!Object.hasOwn(counts, key)) {
      if (named >= MAX_REASONS_LOGGED) key = '(other reasons)';
      else named += 1;
    }
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
