import {
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { type Admin, type Kafka } from 'kafkajs';
import { brokerList, createKafka } from '@handcheck/server-kit';
import { IngestionEnv } from './config/ingestion.env';
import { KAFKA } from './kafka.tokens';

/** A long-lived admin client, used by the health check. */
@Injectable()
export class KafkaAdmin implements OnModuleInit, OnApplicationShutdown {
  readonly admin: Admin;

  constructor(@Inject(KAFKA) kafka: Kafka) {
    this.admin = kafka.admin();
  }

  async onModuleInit(): Promise<void> {
    await this.admin.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.admin.disconnect();
  }
}

@Global()
@Module({
  providers: [
    {
      provide: KAFKA,
      inject: [IngestionEnv],
      useFactory: (env: IngestionEnv) =>
        createKafka({ clientId: 'ingestion', brokers: brokerList(env.KAFKA_BROKERS) }),
    },
    KafkaAdmin,
  ],
  exports: [KAFKA, KafkaAdmin],
})
export class KafkaModule {}
