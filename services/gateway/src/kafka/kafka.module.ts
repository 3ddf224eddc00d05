import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { type Admin, type Kafka, type Producer } from 'kafkajs';
import { TOPICS, topicWithDeadLetters } from '@handcheck/contracts';
import {
  BatchingProducer,
  brokerList,
  createKafka,
  createProducer,
  ensureTopics,
} from '@handcheck/server-kit';
import { GatewayEnv } from '../config/gateway.env';

export const KAFKA = Symbol('KAFKA');

/** Within Kubernetes' default 30 s grace period, with room for the rest of shutdown. */
const DRAIN_TIMEOUT_MS = 15_000;

/** The gateway's one Kafka connection: a batching producer plus an admin client for health. */
@Injectable()
export class KafkaGateway implements OnModuleInit, OnApplicationShutdown {
  readonly producer: Producer;
  readonly admin: Admin;
  readonly batching: BatchingProducer;
  private readonly logger = new Logger(KafkaGateway.name);

  constructor(
    @Inject(KAFKA) private readonly kafka: Kafka,
    env: GatewayEnv,
  ) {
    this.producer = createProducer(kafka);
    this.admin = kafka.admin();
    this.batching = new BatchingProducer(this.producer, {
      lingerMs: env.PRODUCER_LINGER_MS,
      maxBatchSize: 1000,
      maxBuffered: env.PRODUCER_MAX_BUFFERED,
      onRetry: (error, held, retryInMs) =>
        this.logger.warn(
          { err: error, held, retryInMs },
          'Kafka did not take the events; retrying',
        ),
      onRecovered: (failedAttempts) =>
        this.logger.log({ failedAttempts }, 'Kafka takes events again'),
    });
  }

  async onModuleInit(): Promise<void> {
    await ensureTopics(
      this.kafka,
      [TOPICS.analyticsEventBatches, TOPICS.referralsRequested].flatMap(topicWithDeadLetters),
    );
    await Promise.all([this.producer.connect(), this.admin.connect()]);
  }

  async onApplicationShutdown(): Promise<void> {
    const undelivered = await this.batching.drain(DRAIN_TIMEOUT_MS);
    if (undelivered > 0) {
      // Accepted with a 202 and now lost: say so loudly, never silently.
      this.logger.error({ undelivered }, 'Shut down before Kafka took these accepted events');
    }
    await Promise.allSettled([this.producer.disconnect(), this.admin.disconnect()]);
  }
}

@Global()
@Module({
  providers: [
    {
      provide: KAFKA,
      inject: [GatewayEnv],
      useFactory: (env: GatewayEnv) =>
        createKafka({ clientId: 'gateway', brokers: brokerList(env.KAFKA_BROKERS) }),
    },
    KafkaGateway,
  ],
  exports: [KafkaGateway],
})
export class KafkaModule {}
