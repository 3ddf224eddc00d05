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

/** The weekly report's queries over a window. */
export function weeklySql(window: WindowLiterals): Record<keyof WeeklyRows, string> {
  return {
    daily: DAILY_BREAKDOWN.sql(window),
    pages: TOP_PAGES.sql(window),
    referrers: TOP_REFERRERS.sql(window),
  };
}

/** The dashboard's queries over the `days` days of a window. */
export function dashboardSql(
  window: WindowLiterals,
  days: number,
): Record<keyof DashboardRows, string> {
  return {
    daily: dailyVisitsSql(window, days),
    funnel: funnelSql(window, days),
    conditions: topConditionsSql(window, days, TOP_CONDITIONS),
  };
}

/** The analytics tables ingestion writes, read with the queries docs/analytics documents. */
@Injectable()
export class AnalyticsRepository {
  constructor(private readonly clickhouse: ClickHouseService) {}

  /** The weekly report's rows: the 14 whole days before `endDay`, counted in `timeZone`. */
  async weeklyRows(timeZone: string, endDay: string): Promise<WeeklyRows> {
    const sql = weeklySql(this.window(timeZone, endDay));
    const [daily, pages, referrers] = await Promise.all([
      this.rows<WeeklyRows['daily'][number]>(sql.daily),
      this.rows<WeeklyRows['pages'][number]>(sql.pages),
      this.rows<WeeklyRows['referrers'][number]>(sql.referrers),
    ]);
    return { daily, pages, referrers };
  }

  /** The dashboard's rows over the `days` whole days before `endDay`. */
  async dashboardRows(timeZone: string, endDay: string, days: number): Promise<DashboardRows> {
    const sql = dashboardSql(this.window(timeZone, endDay), days);
    const [daily, funnel, conditions] = await Promise.all([
      this.rows<DashboardRows['daily'][number]>(sql.daily),
      this.rows<NonNullable<DashboardRows['funnel']>>(sql.funnel),
      this.rows<DashboardRows['conditions'][number]>(sql.conditions),
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
