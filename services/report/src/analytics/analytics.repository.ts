import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ClickHouseService, clickHouseErrorCode } from '@handcheck/server-kit';
import { ReportEnv } from '../config/report.env';
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

/** ClickHouse's MEMORY_LIMIT_EXCEEDED. */
const MEMORY_LIMIT_EXCEEDED = 241;

/** A report query refused for needing more than REPORT_QUERY_MAX_MEMORY_MB; its message says so. */
export class ReportQueryTooLarge extends Error {}

/** The weekly report's queries over a window: docs/analytics 02–04 (01 is the sums of 02's days). */
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
  constructor(
    private readonly clickhouse: ClickHouseService,
    private readonly env: ReportEnv,
  ) {}

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
  // the gateway's 20 s deadline for a report call, past which nobody waits for it,
  // and in memory, so a week too big for it fails alone rather than starving ingestion.
  private async rows<T>(query: string): Promise<T[]> {
    const limitMb = this.env.REPORT_QUERY_MAX_MEMORY_MB;
    try {
      return await this.clickhouse.rows<T>(query, {
        queryId: `report-${randomUUID()}`,
        maxExecutionSeconds: 20,
        maxMemoryBytes: limitMb * 1024 * 1024,
      });
    } catch (error) {
      if (clickHouseErrorCode(error) !== MEMORY_LIMIT_EXCEEDED) throw error;
      throw new ReportQueryTooLarge(
        `A report query needed more than REPORT_QUERY_MAX_MEMORY_MB (${limitMb} MB) of ClickHouse memory: too many visits in the window for that limit; raise it if ClickHouse can spare it`,
        { cause: error },
      );
    }
  }
}
