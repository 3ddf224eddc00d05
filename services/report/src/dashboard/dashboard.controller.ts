import { Controller, Logger } from '@nestjs/common';
import { GrpcMethod, RpcException } from '@nestjs/microservices';
import { status } from '@grpc/grpc-js';
import { ClickHouseEnv } from '@handcheck/server-kit';
import { ReportEnv } from '../config/report.env';
import { reportDays } from '../weekly/report-days';
import { dailyVisitsSql, funnelSql, topConditionsSql } from '../weekly/weekly-sql';
import { WeeklyStatsService } from '../weekly/weekly-stats.service';
import { DASHBOARD_DAYS, type FunnelRow, TOP_CONDITIONS, dashboardAnswer } from './dashboard';

/** The admin dashboard's charts (GetDashboard), over the last 28 whole days. */
@Controller()
export class DashboardController {
  private readonly logger = new Logger('Dashboard');

  constructor(
    private readonly clickhouse: WeeklyStatsService,
    private readonly clickhouseEnv: ClickHouseEnv,
    private readonly env: ReportEnv,
  ) {}

  @GrpcMethod('ReportService', 'GetDashboard')
  async getDashboard() {
    const { today, days } = reportDays(new Date(), this.env.REPORT_TIMEZONE, DASHBOARD_DAYS);
    const window = {
      database: this.clickhouseEnv.CLICKHOUSE_DATABASE,
      timeZone: this.env.REPORT_TIMEZONE,
      endDay: today,
    };
    try {
      const [daily, funnel, conditions] = await Promise.all([
        this.clickhouse.rows<{ day: string; visits: number }>(
          dailyVisitsSql(window, DASHBOARD_DAYS),
        ),
        this.clickhouse.rows<FunnelRow>(funnelSql(window, DASHBOARD_DAYS)),
        this.clickhouse.rows<{ condition: string; completions: number }>(
          topConditionsSql(window, DASHBOARD_DAYS, TOP_CONDITIONS),
        ),
      ]);
      return dashboardAnswer(days, daily, funnel[0], conditions);
    } catch (error) {
      this.logger.error({ err: error }, 'Dashboard query failed');
      throw new RpcException({
        code: status.UNAVAILABLE,
        message: 'The analytics database cannot be reached',
      });
    }
  }
}
