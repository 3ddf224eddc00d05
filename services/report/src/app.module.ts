import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { TerminusModule } from '@nestjs/terminus';
import {
  EngineHealth,
  EnvModule,
  createClickHouse,
  createLoggerModule,
} from '@handcheck/server-kit';
import { CLICKHOUSE } from './clickhouse.tokens';
import { ReportEnv } from './config/report.env';
import { HealthController } from './health/health.controller';

@Module({
  imports: [
    EnvModule.forRoot('report', ReportEnv),
    createLoggerModule('report', ReportEnv),
    ScheduleModule.forRoot(),
    TerminusModule.forRoot({ logger: false }),
  ],
  controllers: [HealthController],
  providers: [
    EngineHealth,
    {
      provide: CLICKHOUSE,
      inject: [ReportEnv],
      // The analytics database is created and migrated by ingestion; report only reads it.
      useFactory: (env: ReportEnv) => createClickHouse(env.clickhouse()),
    },
  ],
})
export class AppModule {}
