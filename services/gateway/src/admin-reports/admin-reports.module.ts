import { Module } from '@nestjs/common';
import { AdminReportsController } from './admin-reports.controller';
import { ReportClient } from './report.client';

/** The admin's weekly test run and dashboard charts, from the report service (gRPC). No readiness check: see SiteHealth. */
@Module({
  controllers: [AdminReportsController],
  providers: [ReportClient],
})
export class AdminReportsModule {}
