import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { type Admin, type Consumer, type Kafka } from 'kafkajs';
import { type Counter, type Gauge } from 'prom-client';
import { SERVICE_NAME } from '../config/config.module';
import { Metrics } from '../metrics/metrics.service';
import { retryPolicy } from '../resilience/retry';
import { withTimeout } from '../resilience/timeout';
import { type BatchingOptions, BatchingProducer } from './batching-producer';
import {
  type BatchConsumerOptions,
  type BatchHandler,
  ConsumerMetrics,
  type MessageConsumerOptions,
  type MessageHandler,
  type RunningConsumer,
  runBatchConsumer,
  runMessageConsumer,
} from './consumers';
import { DeadLetterPublisher } from './dead-letters';
import { createKafka, createProducer, ensureTopics } from './kafka-client';
import { KafkaEnv, brokerList } from './kafka.env';
import { type OutgoingMessage, type TopicSpec } from './kafka-messages';
import { PartitionCounts } from './partition-counts';
import { type ProducerLike, RenewingProducer } from './renewing-producer';
import {
  SHORTFALL_SETTINGS,
  type TopicPolicy,
  type TopicShortfall,
  describeShortfall,
  topicPolicy,
} from './topic-settings';

export const KAFKA_OPTIONS = Symbol('KAFKA_OPTIONS');

export interface KafkaModuleOptions {
  /** Topics this service creates at start if missing (with their dead-letter twins as listed). */
  topics?: TopicSpec[];
  /**
   * More topics, known only from the service's settings (a name or a retention that is a
   * setting): a factory, so it can read the service's env. Created with `topics`, at start.
   */
  topicsFrom?: {
    inject: Array<new (...args: never[]) => unknown>;
    useFactory: (...args: never[]) => TopicSpec[];
  };
  /**
   * 'wait' (default): start-up fails without Kafka, for services that can do
   * nothing without it. 'background': start at once and keep connecting
   * behind the scenes, for the gateway, which must serve the site while
   * Kafka is away.
   */
  startup?: 'wait' | 'background';
}

/** A plain producer: each send resolves once Kafka has acknowledged it. */
export class KafkaProducer {
  constructor(private readonly producer: ProducerLike) {}

  async send(
    topic: string,
    messages: OutgoingMessage[],
    options: { acks?: -1 | 1; timeoutMs?: number } = {},
  ): Promise<void> {
    await this.producer.send({
      topic,
      messages,
      acks: options.acks ?? -1,
      timeout: options.timeoutMs,
    });
  }
}

/**
 * The service's one Kafka client: it owns every connection (admin, producers,
 * consumers), creates the service's topics, connects at start and closes
 * everything in order at shutdown (consumers finish their batch first, then
 * buffered producers drain, then the rest disconnects).
 */
@Injectable()
export class KafkaService
  implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown
{
  private readonly logger = new Logger('Kafka');
  private readonly kafka: Kafka;
  private readonly admin: Admin;
  private adminConnecting: Promise<void> | undefined;
  private readonly producers: ProducerLike[] = [];
  private readonly policy: TopicPolicy;
  /** Per topic and setting: how far short of the settings the topic was found at start. */
  private readonly shortfall: Gauge<'topic' | 'setting'>;
  private readonly batching: BatchingProducer[] = [];
  private readonly consumers: RunningConsumer[] = [];
  private readonly consumerMetrics: ConsumerMetrics;
  private started = false;
  private readonly sessionTimeoutMs: number;
  /** Aborted at shutdown: ends a background connect. */
  private readonly stopping = new AbortController();

  constructor(
    env: KafkaEnv,
    @Inject(SERVICE_NAME) service: string,
    @Inject(KAFKA_OPTIONS) private readonly options: KafkaModuleOptions,
    metrics: Metrics,
  ) {
    this.kafka = createKafka({ clientId: service, brokers: brokerList(env.KAFKA_BROKERS) });
    this.sessionTimeoutMs = env.KAFKA_SESSION_TIMEOUT_MS;
    this.admin = this.kafka.admin();
    this.consumerMetrics = new ConsumerMetrics(metrics);
    this.policy = topicPolicy(env);
    this.shortfall = metrics.gauge({
      name: 'kafka_topic_shortfall',
      help: 'How many partitions, replicas or min.insync.replicas an existing topic had fewer than the settings ask, at start (0: none)',
      labelNames: ['topic', 'setting'],
    });
  }

  async onModuleInit(): Promise<void> {
    if (this.options.startup === 'background') {
      void this.connectInBackground();
      return;
    }
    await this.connect();
  }

  /** Answers when Kafka does: the readiness probe of services that need it. */
  async probe(timeoutMs = 2000): Promise<{ brokers: number }> {
    await withTimeout(this.adminConnected(), timeoutMs, 'Kafka');
    const cluster = await withTimeout(this.admin.describeCluster(), timeoutMs, 'Kafka');
    return { brokers: cluster.brokers.length };
  }

  /** A producer whose sends wait for Kafka's acknowledgement (acks from all in-sync replicas by default). */
  producer(): KafkaProducer {
    return new KafkaProducer(this.track(this.renewingProducer()));
  }

  /** Sends dead letters to `<topic>.dlq` with the common headers, counted in `counter`. */
  deadLetterPublisher(counter: Counter<string>): DeadLetterPublisher {
    return new DeadLetterPublisher(this.producer(), counter);
  }

  /** A bounded, batching buffer in front of Kafka; drained at shutdown (see BatchingProducer). */
  batchingProducer(options: BatchingOptions): BatchingProducer {
    const batching = new BatchingProducer(this.track(this.renewingProducer()), options);
    this.batching.push(batching);
    return batching;
  }

  /** Topics' partition counts read from Kafka's metadata (see PartitionCounts). */
  partitionCounts(): PartitionCounts {
    return new PartitionCounts(async (topic) => {
      await this.adminConnected();
      const { topics } = await this.admin.fetchTopicMetadata({ topics: [topic] });
      return topics.find((t) => t.name === topic)?.partitions.length ?? 0;
    });
  }

  /** Consumes in batches (kafkajs eachBatch), committing after each batch the handler is done with. */
  async batchConsumer(
    options: BatchConsumerOptions,
    handler: BatchHandler,
  ): Promise<RunningConsumer> {
    const consumer = this.consumer(options.groupId, {
      minBytes: options.minBytes,
      maxWaitTimeInMs: options.maxWaitMs,
      maxBytesPerPartition: options.maxBytesPerPartition,
    });
    const running = await runBatchConsumer(consumer, options, handler, this.consumerMetrics);
    this.consumers.push(running);
    return running;
  }

  /**
   * Consumes one message at a time per partition (several partitions at once when asked),
   * committing each once handled (for work like mail).
   */
  async messageConsumer(
    options: MessageConsumerOptions,
    handler: MessageHandler,
  ): Promise<RunningConsumer> {
    const consumer = this.consumer(options.groupId, {});
    const running = await runMessageConsumer(consumer, options, handler, this.consumerMetrics);
    this.consumers.push(running);
    return running;
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled(this.consumers.map((consumer) => consumer.stop()));
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping.abort();
    /** Within Kubernetes' default 30 s grace period, with room for the rest of shutdown. */
    const drains = await Promise.all(this.batching.map((batching) => batching.drain(15_000)));
    const undelivered = drains.reduce((sum, count) => sum + count, 0);
    if (undelivered > 0) {
      // Accepted and now lost: say so loudly, never silently.
      this.logger.error({ undelivered }, 'Shut down before Kafka took these accepted messages');
    }
    await Promise.allSettled([
      ...this.producers.map((p) => p.disconnect()),
      this.admin.disconnect(),
    ]);
  }

  private consumer(
    groupId: string,
    fetch: { minBytes?: number; maxWaitTimeInMs?: number; maxBytesPerPartition?: number },
  ): Consumer {
    return this.kafka.consumer({
      groupId,
      sessionTimeout: this.sessionTimeoutMs,
      // Kafka's advice: at most a third of the session, so two missed beats are survived.
      heartbeatInterval: Math.min(3_000, Math.floor(this.sessionTimeoutMs / 3)),
      ...Object.fromEntries(Object.entries(fetch).filter(([, value]) => value !== undefined)),
    });
  }

  private renewingProducer(): RenewingProducer {
    return new RenewingProducer(() => createProducer(this.kafka));
  }

  private track<P extends ProducerLike>(producer: P): P {
    this.producers.push(producer);
    // Made after start (by a provider that asks late): connect now, or leave it
    // to the kafkajs send path, which connects on demand.
    if (this.started) void producer.connect().catch(() => undefined);
    return producer;
  }

  private adminConnected(): Promise<void> {
    this.adminConnecting ??= this.admin.connect().catch((error: unknown) => {
      this.adminConnecting = undefined;
      throw error;
    });
    return this.adminConnecting;
  }

  private async connect(): Promise<void> {
    await this.adminConnected();
    const topics = this.options.topics ?? [];
    this.report(topics, await ensureTopics(this.admin, topics, this.policy));
    if (this.stopping.signal.aborted) return;
    await Promise.all(this.producers.map((producer) => producer.connect()));
    this.started = true;
  }

  /**
   * A topic with less than the settings ask is used as it is, and said so: a warning
   * each start and the kafka_topic_shortfall gauge, which alerting can watch. Readiness
   * is unaffected: the service works, with less parallelism or durability than wanted.
   */
  private report(topics: TopicSpec[], found: TopicShortfall[]): void {
    for (const { topic } of topics) {
      for (const setting of SHORTFALL_SETTINGS) this.shortfall.set({ topic, setting }, 0);
    }
    for (const s of found) {
      this.shortfall.set({ topic: s.topic, setting: s.setting }, s.configured - s.actual);
      this.logger.warn(
        { topic: s.topic, setting: s.setting, configured: s.configured, actual: s.actual },
        describeShortfall(s),
      );
    }
  }

  private async connectInBackground(): Promise<void> {
    const policy = retryPolicy({ firstMs: 1000, maxMs: 30_000 });
    policy.onRetry((failure) =>
      this.logger.warn(
        { err: 'error' in failure ? failure.error : undefined, retryInMs: failure.delay },
        'Kafka is not reachable yet; serving without it',
      ),
    );
    const connect = async ({ attempt, signal }: { attempt: number; signal: AbortSignal }) => {
      if (signal.aborted) return;
      await this.connect();
      if (attempt > 0) this.logger.log('Connected to Kafka');
    };
    // Rejects only once stopping, with the last failure: nothing left to do.
    await policy.execute(connect, this.stopping.signal).catch(() => undefined);
  }
}
