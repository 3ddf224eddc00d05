import { Injectable, Logger } from '@nestjs/common';
import { MAX_EVENTS_PER_RECORD } from '@handcheck/contracts';
import {
  type BatchingOptions,
  type BatchingProducer,
  KafkaService,
  Metrics,
} from '@handcheck/server-kit';
import { GatewayEnv } from '../config/gateway.env';

/**
 * How the intake batches for Kafka, bounded by the gateway's settings: also what the benches
 * that measure producing (bench:producer-cost, bench:intake's producing yardstick) use.
 */
export function analyticsBatching(
  env: GatewayEnv,
  partitionsOf: (topic: string) => number | undefined,
): BatchingOptions {
  return {
    lingerMs: env.PRODUCER_LINGER_MS,
    maxBatchSize: MAX_EVENTS_PER_RECORD,
    // Half of Kafka's default max.message.bytes: a send's records for one partition fit it.
    maxBatchBytes: 512 * 1024,
    // One record per partition per send: kafkajs's work is per record (docs/performance.md).
    joinPerPartition: partitionsOf,
    maxBuffered: env.PRODUCER_MAX_BUFFERED,
    maxBufferedBytes: env.PRODUCER_MAX_BUFFERED_BYTES,
  };
}

/**
 * The analytics intake's bounded buffer in front of Kafka (see
 * BatchingProducer): answers are given from it, Kafka's acknowledgement is
 * waited for behind the scenes, and KafkaService drains it at shutdown.
 */
@Injectable()
export class AnalyticsProducer {
  readonly batching: BatchingProducer;
  private readonly logger = new Logger('AnalyticsProducer');

  constructor(kafka: KafkaService, env: GatewayEnv, metrics: Metrics) {
    this.batching = kafka.batchingProducer({
      ...analyticsBatching(env, kafka.partitionCounts().of),
      onRetry: (error, held, retryInMs) =>
        this.logger.warn(
          { err: error, held, retryInMs },
          'Kafka did not take the events; retrying',
        ),
      onRecovered: (failedAttempts) =>
        this.logger.log({ failedAttempts }, 'Kafka takes events again'),
    });
    const batching = this.batching;
    metrics.gauge({
      name: 'gateway_producer_buffered_events',
      help: 'Accepted analytics events held for Kafka (waiting or in flight)',
      collect() {
        this.set(batching.buffered);
      },
    });
    metrics.gauge({
      name: 'gateway_producer_buffered_bytes',
      help: 'Bytes of accepted analytics events held for Kafka (waiting or in flight)',
      collect() {
        this.set(batching.bufferedBytes);
      },
    });
    metrics
      .gauge({
        name: 'gateway_producer_buffer_capacity_bytes',
        help: 'How many bytes the buffer may hold before /api/events answers 503',
      })
      .set(env.PRODUCER_MAX_BUFFERED_BYTES);
    metrics
      .gauge({
        name: 'gateway_producer_buffer_capacity_events',
        help: 'How many events the buffer may hold before /api/events answers 503',
      })
      .set(env.PRODUCER_MAX_BUFFERED);
  }
}
