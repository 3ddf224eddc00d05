import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { LeasesModule } from '@handcheck/server-kit';
import { AnalyticsModule } from '../analytics/analytics.module';
import { ReportRun, ReportRunSchema } from './report-run.schema';
import { ReportRunsRepository } from './report-runs.repository';
import { WeeklyReportController } from './weekly-report.controller';
import { WeeklyReportMailer } from './weekly-report-mailer';
import { WeeklySchedule } from './weekly-schedule';
import { WeeklyStatsService } from './weekly-stats.service';

@Module({
  imports: [
    AnalyticsModule,
    LeasesModule,
    MongooseModule.forFeature([{ name: ReportRun.name, schema: ReportRunSchema }]),
  ],
  controllers: [WeeklyReportController],
  providers: [WeeklyStatsService, WeeklyReportMailer, ReportRunsRepository, WeeklySchedule],
})
export class WeeklyModule {}
