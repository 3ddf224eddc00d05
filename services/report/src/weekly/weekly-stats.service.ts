import { Injectable } from '@nestjs/common';
import { ReportEnv } from '../config/report.env';
import { reportDays } from './report-days';
import { weeklyRowsFrom } from './visit-days';
import { VisitDaysService } from './visit-days.service';
import { type WeeklyStats, weeklyStats } from './weekly-stats-from-rows';

/** The weekly report's stats as of now: each day's figures, summed into the spec's. */
@Injectable()
export class WeeklyStatsService {
  constructor(
    private readonly visitDays: VisitDaysService,
    private readonly env: ReportEnv,
  ) {}

  /** The last 7 whole days before `now` in REPORT_TIMEZONE, against the 7 before. */
  async compute(now = new Date()): Promise<WeeklyStats> {
    const timeZone = this.env.REPORT_TIMEZONE;
    const { days, previousDays } = reportDays(now, timeZone);
    const figures = await this.visitDays.figures([...previousDays, ...days]);
    return weeklyStats(days, previousDays, timeZone, weeklyRowsFrom(days, figures));
  }
}
