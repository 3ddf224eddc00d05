import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ClickHouseService } from '@handcheck/server-kit';
import { type DashboardRows, TOP_CONDITIONS } from '../dashboard/dashboard';
import { type WeeklyRows } from '../weekly/weekly-stats-from-rows';
import {
  DAILY_BREAKDOWN,
  TOP_PAGES,
  TOP_REFERRERS,
  type WindowLiterals,
  dailyVisitsSql,
  funnelSql,
  topConditionsSql,
} from '../weekly/weekly-sql';

/** The analytics tables ingestion writes, read with the queries docs/analytics documents. */
@Injectable()
export class AnalyticsRepository {
  constructor(private readonly clickhouse: ClickHouseService) {}

  /** The weekly report's rows: the 14 whole days before `endDay`, counted in `timeZone`. */
  async weeklyRows(timeZone: string, endDay: string): Promise<WeeklyRows> {
    const window = this.window(timeZone, endDay);
    const [daily, pages, referrers] = await Promise.all([
      this.rows<WeeklyRows['daily'][number]>(DAILY_BREAKDOWN.sql(window)),
      this.rows<WeeklyRows['pages'][number]>(TOP_PAGES.sql(window)),
      this.rows<WeeklyRows['referrers'][number]>(TOP_REFERRERS.sql(window)),
    ]);
    return { daily, pages, referrers };
  }

  /** The dashboard's rows over the `days` whole days before `endDay`. */
  async dashboardRows(timeZone: string, endDay: string, days: number): Promise<DashboardRows> {
    const window = this.window(timeZone, endDay);
    const [daily, funnel, conditions] = await Promise.all([
      this.rows<DashboardRows['daily'][number]>(dailyVisitsSql(window, days)),
      this.rows<NonNullable<DashboardRows['funnel']>>(funnelSql(window, days)),
      this.rows<DashboardRows['conditions'][number]>(
        topConditionsSql(window, days, TOP_CONDITIONS),
      ),
    ]);
    return { daily, funnel: funnel[0], conditions };
  }

  private window(timeZone: string, endDay: string): WindowLiterals {
    return { database: this.clickhouse.database, timeZone, endDay };
  }

  // Named so an operator can find a report query in system.processes; bounded at
  // the gateway's 20 s deadline for a report call, past which nobody waits for it.
  private rows<T>(query: string): Promise<T[]> {
    return this.clickhouse.rows<T>(query, {
      queryId: `report-${randomUUID()}`,
      maxExecutionSeconds: 20,
    });
  }
}
