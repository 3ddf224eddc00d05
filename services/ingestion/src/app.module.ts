import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { EngineHealth, EnvModule, createLoggerModule } from '@handcheck/server-kit';
import { AnalyticsConsumer } from './analytics/analytics-consumer';
import { ClickHouseModule } from './clickhouse/clickhouse.module';
import { IngestionEnv } from './config/ingestion.env';
import { HealthController } from './health/health.controller';
import { KafkaModule } from './kafka.module';

@Module({
  imports: [
    EnvModule.forRoot('ingestion', IngestionEnv),
    createLoggerModule('ingestion', IngestionEnv),
    KafkaModule,
    ClickHouseModule,
    TerminusModule.forRoot({ logger: false }),
  ],
  controllers: [HealthController],
  providers: [EngineHealth, AnalyticsConsumer],
})
export class AppModule {}
