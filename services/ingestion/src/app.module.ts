import { Module } from '@nestjs/common';
import {
  ClickHouseHealth,
  ClickHouseModule,
  EnvModule,
  HealthModule,
  KafkaHealth,
  KafkaModule,
  MetricsModule,
  createLoggerModule,
} from '@handcheck/server-kit';
import { AnalyticsConsumer } from './analytics/analytics-consumer';
import { AnalyticsRepository } from './analytics/analytics.repository';
import { MIGRATIONS, SHARDING_KEY } from './clickhouse/schema';
import { IngestionEnv, analyticsTopics } from './config/ingestion.env';

@Module({
  imports: [
    EnvModule.forRoot('ingestion', IngestionEnv),
    createLoggerModule('ingestion', IngestionEnv),
    MetricsModule.forRoot(),
    KafkaModule.forRoot({ topicsFrom: { inject: [IngestionEnv], useFactory: analyticsTopics } }),
    // Ingestion owns the analytics schema: migrated before anything consumes.
    ClickHouseModule.forRoot({ migrations: MIGRATIONS, shardingKey: SHARDING_KEY }),
    HealthModule.forRoot({ ready: [KafkaHealth, ClickHouseHealth] }),
  ],
  providers: [AnalyticsConsumer, AnalyticsRepository],
})
export class AppModule {}
