import {
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { type Admin, type Kafka, type Producer } from 'kafkajs';
import { TOPICS, deadLetterTopic } from '@handcheck/contracts';
import {
  BatchingProducer,
  brokerList,
  createKafka,
  createProducer,
  ensureTopics,
} from '@handcheck/server-kit';
import { GatewayEnv } from '../config/gateway.env';

export const KAFKA = Symbol('KAFKA');

/** The gateway's one Kafka connection: a batching producer plus an admin client for health. */
@Injectable()
export class KafkaGateway implements OnModuleInit, OnApplicationShutdown {
  readonly producer: Producer;
  readonly admin: Admin;
  readonly batching: BatchingProducer;

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
    });
  }

  async onModuleInit(): Promise<void> {
    await ensureTopics(this.kafka, [
      { topic: TOPICS.analyticsEventBatches, partitions: 3 },
      { topic: deadLetterTopic(TOPICS.analyticsEventBatches), partitions: 1 },
      { topic: TOPICS.referralsRequested, partitions: 1 },
      { topic: deadLetterTopic(TOPICS.referralsRequested), partitions: 1 },
    ]);
    await Promise.all([this.producer.connect(), this.admin.connect()]);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.batching.drain();
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
