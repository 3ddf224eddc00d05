import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AnalyticsModule } from '../analytics/analytics.module';
import { REPORT_RUN, ReportRunSchema } from './report-run.schema';
import { ReportRuns } from './report-runs';
import { WeeklyReportController } from './report.controller';
import { WeeklyReportSender } from './weekly-report.sender';
import { WeeklySchedule } from './weekly-schedule';
import { WeeklyStatsService } from './weekly-stats.service';

@Module({
  imports: [
    AnalyticsModule,
    MongooseModule.forFeature([{ name: REPORT_RUN, schema: ReportRunSchema }]),
  ],
  controllers: [WeeklyReportController],
  providers: [WeeklyStatsService, WeeklyReportSender, ReportRuns, WeeklySchedule],
})
export class WeeklyModule {}
