import { Injectable } from '@nestjs/common';
import { AnalyticsRepository } from '../analytics/analytics.repository';
import { ReportEnv } from '../config/report.env';
import { reportDays } from './report-days';
import { type WeeklyStats, weeklyStats } from './weekly-stats-from-rows';

/** The weekly report's stats as of now: the analytics rows, summed into the spec's figures. */
@Injectable()
export class WeeklyStatsService {
  constructor(
    private readonly analytics: AnalyticsRepository,
    private readonly env: ReportEnv,
  ) {}

  /** The last 7 whole days before `now` in REPORT_TIMEZONE, against the 7 before. */
  async compute(now = new Date()): Promise<WeeklyStats> {
    const timeZone = this.env.REPORT_TIMEZONE;
    const { today, days, previousDays } = reportDays(now, timeZone);
    const rows = await this.analytics.weeklyRows(timeZone, today);
    return weeklyStats(days, previousDays, timeZone, rows);
  }
}
