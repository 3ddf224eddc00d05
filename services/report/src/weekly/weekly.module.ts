import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { DashboardController } from '../dashboard/dashboard.controller';
import { REPORT_RUN, ReportRunSchema } from './report-run.schema';
import { ReportRuns } from './report-runs';
import { WeeklyReportController } from './report.controller';
import { WeeklyReportSender } from './weekly-report.sender';
import { WeeklySchedule } from './weekly-schedule';
import { WeeklyStatsService } from './weekly-stats.service';

@Module({
  imports: [MongooseModule.forFeature([{ name: REPORT_RUN, schema: ReportRunSchema }])],
  controllers: [WeeklyReportController, DashboardController],
  providers: [WeeklyStatsService, WeeklyReportSender, ReportRuns, WeeklySchedule],
  exports: [WeeklyStatsService],
})
export class WeeklyModule {}
