import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ClickHouseService } from '@handcheck/server-kit';
import { type DashboardRows, TOP_CONDITIONS } from '../dashboard/dashboard';
import { type VisitDaySource, sqlVisitDaySource } from '../weekly/visit-days';
import {
  type WindowLiterals,
  dailyVisitsSql,
  funnelSql,
  topConditionsSql,
} from '../weekly/weekly-sql';

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

/** The analytics tables ingestion writes, read with the queries docs/analytics documents (or their per-day parts). */
@Injectable()
export class AnalyticsRepository implements VisitDaySource {
  private readonly visitDays: VisitDaySource;

  constructor(private readonly clickhouse: ClickHouseService) {
    this.visitDays = sqlVisitDaySource(clickhouse.database, (sql) => this.rows(sql));
  }

  deliveriesByDay: VisitDaySource['deliveriesByDay'] = (...args) =>
    this.visitDays.deliveriesByDay(...args);

  visitDayRows: VisitDaySource['visitDayRows'] = (...args) => this.visitDays.visitDayRows(...args);

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
