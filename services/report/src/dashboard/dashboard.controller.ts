import { Controller, Logger } from '@nestjs/common';
import { GrpcMethod, RpcException } from '@nestjs/microservices';
import { status } from '@grpc/grpc-js';
import { AnalyticsRepository } from '../analytics/analytics.repository';
import { ReportEnv } from '../config/report.env';
import { reportDays } from '../weekly/report-days';
import { DASHBOARD_DAYS, dashboardAnswer } from './dashboard';

/** The admin dashboard's charts (GetDashboard), over the last 28 whole days. */
@Controller()
export class DashboardController {
  private readonly logger = new Logger('Dashboard');

  constructor(
    private readonly analytics: AnalyticsRepository,
    private readonly env: ReportEnv,
  ) {}

  @GrpcMethod('ReportService', 'GetDashboard')
  async getDashboard() {
    const timeZone = this.env.REPORT_TIMEZONE;
    const { today, days } = reportDays(new Date(), timeZone, DASHBOARD_DAYS);
    try {
      return dashboardAnswer(
        days,
        await this.analytics.dashboardRows(timeZone, today, DASHBOARD_DAYS),
      );
    } catch (error) {
      this.logger.error({ err: error }, 'Dashboard query failed');
      throw new RpcException({
        code: status.UNAVAILABLE,
        message: 'The analytics database cannot be reached',
      });
    }
  }
}
