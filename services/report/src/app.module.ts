import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { join } from 'node:path';
import {
  ClickHouseHealth,
  ClickHouseModule,
  EnvModule,
  HealthModule,
  MailerHealth,
  MailerModule,
  MetricsModule,
  MongoHealth,
  MongoModule,
  createLoggerModule,
} from '@handcheck/server-kit';
import { ReportEnv } from './config/report.env';
import { DashboardModule } from './dashboard/dashboard.module';
import { WeeklyModule } from './weekly/weekly.module';

@Module({
  imports: [
    EnvModule.forRoot('report', ReportEnv),
    createLoggerModule('report', ReportEnv),
    // Once for the whole app: imported in several modules it would run each job several times.
    ScheduleModule.forRoot(),
    MetricsModule.forRoot(),
    // The analytics database is created and migrated by ingestion; report only reads it.
    ClickHouseModule.forRoot(),
    // The weekly runs' records (one per period: sent once however many replicas run).
    MongoModule.forRoot(),
    // From src/ (tests) and dist/ (built) alike.
    MailerModule.forRoot({ templatesDir: join(__dirname, '..', 'templates') }),
    HealthModule.forRoot({ ready: [ClickHouseHealth, MongoHealth, MailerHealth] }),
    WeeklyModule,
    DashboardModule,
  ],
})
export class AppModule {}
