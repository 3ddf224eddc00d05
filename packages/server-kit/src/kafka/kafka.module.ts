import { type DynamicModule, Global, Module } from '@nestjs/common';
import { envProvider } from '../config/config.module';
import { KafkaEnv } from './kafka.env';
import { KafkaHealth } from './kafka.health';
import { KAFKA_OPTIONS, type KafkaModuleOptions, KafkaService } from './kafka.service';

/** Kafka for one service: its settings (KAFKA_BROKERS), its client, its readiness check. */
@Global()
@Module({})
export class KafkaModule {
  static forRoot(options: KafkaModuleOptions = {}): DynamicModule {
    return {
      module: KafkaModule,
      providers: [
        envProvider(KafkaEnv),
        options.topicsFrom
          ? {
              provide: KAFKA_OPTIONS,
              inject: options.topicsFrom.inject,
              useFactory: (...args: never[]): KafkaModuleOptions => ({
                ...options,
                topics: [...(options.topics ?? []), ...options.topicsFrom!.useFactory(...args)],
              }),
            }
          : { provide: KAFKA_OPTIONS, useValue: options },
        KafkaService,
        KafkaHealth,
      ],
      exports: [KafkaEnv, KafkaService, KafkaHealth],
    };
  }
}
