import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type ClickHouseClient } from '@clickhouse/client';
import { CLICKHOUSE, ClickHouseEnv } from '@handcheck/server-kit';
import { ReportEnv } from '../config/report.env';
import { reportDays } from './report-days';
import { DAILY_BREAKDOWN, TOP_PAGES, TOP_REFERRERS, type WindowLiterals } from './weekly-sql';
import { type WeeklyRows, type WeeklyStats, weeklyStats } from './weekly-stats';

/** Reads the weekly stats from ClickHouse with the queries docs/analytics documents. */
@Injectable()
export class WeeklyStatsService {
  constructor(
    @Inject(CLICKHOUSE) private readonly clickhouse: ClickHouseClient,
    private readonly clickhouseEnv: ClickHouseEnv,
    private readonly env: ReportEnv,
  ) {}

  /** The last 7 whole days before `now` in REPORT_TIMEZONE, against the 7 before. */
  async compute(now = new Date()): Promise<WeeklyStats> {
    const timeZone = this.env.REPORT_TIMEZONE;
    const { today, days, previousDays } = reportDays(now, timeZone);
    const window: WindowLiterals = {
      database: this.clickhouseEnv.CLICKHOUSE_DATABASE,
      timeZone,
      endDay: today,
    };
    const [daily, pages, referrers] = await Promise.all([
      this.rows<WeeklyRows['daily'][number]>(DAILY_BREAKDOWN.sql(window)),
      this.rows<WeeklyRows['pages'][number]>(TOP_PAGES.sql(window)),
      this.rows<WeeklyRows['referrers'][number]>(TOP_REFERRERS.sql(window)),
    ]);
    return weeklyStats(days, previousDays, timeZone, { daily, pages, referrers });
  }

  async rows<T>(query: string): Promise<T[]> {
    const result = await this.clickhouse.query({
      query,
      format: 'JSONEachRow',
      query_id: `report-${randomUUID()}`,
      clickhouse_settings: { max_execution_time: 20 },
    });
    return result.json<T>();
  }
}
