import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  type BatchOutcome,
  type ConsumedBatch,
  type ConsumerContext,
  ConsumerStopped,
  type DeadLetter,
  type DeadLetterPublisher,
  KafkaService,
  MAX_DEAD_LETTER_REASON,
  Metrics,
  retryWhileActive,
} from '@handcheck/server-kit';
import { IngestionEnv } from '../config/ingestion.env';
import { AnalyticsRepository } from './analytics.repository';
import { decodeMessages, eventDeadLetter } from './decode-batch';

/** Distinct reasons named in one log line; the rest are counted. */
const MAX_REASONS_LOGGED = 10;

/**
 * Reads analytics events in batches (not Nest's one-message-at-a-time Kafka
 * server), writes each batch to ClickHouse with one insert per table, and only
 * then commits the offsets. Bad messages go to the dead-letter topic with the
 * reason; while ClickHouse or Kafka is away the batch is retried with backoff,
 * holding the partition, so nothing is lost and nothing crashes.
 */
@Injectable()
export class AnalyticsConsumer implements OnApplicationBootstrap {
  private readonly logger = new Logger(AnalyticsConsumer.name);
  private readonly deadLetters: DeadLetterPublisher;
  private readonly batchEvents;

  constructor(
    private readonly kafka: KafkaService,
    private readonly analytics: AnalyticsRepository,
    private readonly env: IngestionEnv,
    metrics: Metrics,
  ) {
    this.deadLetters = kafka.deadLetterPublisher(
      metrics.counter({
        name: 'ingestion_dead_letters_total',
        help: 'Messages or events sent to the dead-letter topic',
      }),
    );
    this.batchEvents = metrics.histogram({
      name: 'ingestion_batch_events',
      help: 'Analytics events per consumed batch',
      buckets: [1, 10, 100, 500, 1000, 5000, 10000, 50000],
    });
  }

  // After every onModuleInit: the ClickHouse migrations have run and the topics exist.
  async onApplicationBootstrap(): Promise<void> {
    await this.kafka.batchConsumer(
      {
        groupId: this.env.CONSUMER_GROUP,
        topic: this.env.ANALYTICS_TOPIC,
        fromBeginning: true,
        minBytes: this.env.BATCH_MIN_BYTES,
        maxWaitMs: this.env.BATCH_MAX_WAIT_MS,
        maxBytesPerPartition: 4 * 1024 * 1024,
      },
      (batch, context) => this.handleBatch(batch, context),
    );
  }

  private async handleBatch(batch: ConsumedBatch, context: ConsumerContext): Promise<BatchOutcome> {
    const { toStore, deadLetters } = decodeMessages(batch.messages);
    this.batchEvents.observe(toStore.length);
    try {
      const refused = await this.retrying('ClickHouse insert', context, () =>
        this.analytics.insert(toStore),
      );
      for (const { item, reason } of refused)
        deadLetters.push(eventDeadLetter(item.event, item.message, reason));
      if (deadLetters.length > 0) {
        this.logger.warn(
          { count: deadLetters.length, reasons: reasonCounts(deadLetters) },
          'Dead-lettering messages',
        );
        await this.retrying('dead-letter', context, () =>
          this.deadLetters.send(batch, deadLetters),
        );
      }
      return 'done';
    } catch (error) {
      // Redelivered to whoever owns the partition next.
      if (error instanceof ConsumerStopped) return 'abandon';
      throw error;
    }
  }

  /** Runs `work` until it succeeds, backing off and holding the partition; ConsumerStopped once it is lost. */
  private retrying<T>(what: string, context: ConsumerContext, work: () => Promise<T>): Promise<T> {
    return retryWhileActive(work, context, {
      firstMs: 250,
      maxMs: 10_000,
      onRetry: (err, attempt, retryInMs) =>
        this.logger.warn({ err, attempt, retryInMs }, `${what} failed; retrying`),
    });
  }
}

/** How many dead letters had each reason: at most MAX_REASONS_LOGGED named, the rest counted as one. */
function reasonCounts(letters: readonly DeadLetter[]): Record<string, number> {
  const counts: Record<string, number> = {};
  let named = 0;
  for (const { reason } of letters) {
    let key = reason.slice(0, MAX_DEAD_LETTER_REASON);
    if (!Object.hasOwn(counts, key)) {
      if (named >= MAX_REASONS_LOGGED) key = '(other reasons)';
      else named += 1;
    }
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
