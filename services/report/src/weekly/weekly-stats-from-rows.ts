import { weekOverWeekGrowth } from './growth';

/** The spec's weekly report stats (section 3), plus the days and zone they cover. */
export interface WeeklyStats {
  /** Visits in the last 7 whole days. */
  totalVisits: number;
  /** Percent to one decimal; null when the previous week had no visits. */
  weekOverWeekGrowth: number | null;
  /** Visits in the 7 days before those. */
  previousWeekTotal: number;
  /** Each of the 7 days, oldest first, 0 on days without visits. */
  dailyBreakdown: { date: string; visits: number }[];
  topPages: { page: string; visits: number }[];
  topReferrers: { referrer: string; visits: number }[];
  /** First and last reported day (local dates) and their zone. */
  from: string;
  to: string;
  timeZone: string;
}

export interface WeeklyRows {
  /** Visits per day over both weeks (docs/analytics 02); a day without visits has no row. */
  daily: { day: string; visits: number | string }[];
  pages: { page: string; visits: number | string }[];
  referrers: { referrer: string; visits: number | string }[];
}

/** Every day of `days` with its count from the rows, 0 when the query had no row for it. */
export function fillDays(
  days: readonly string[],
  rows: readonly { day: string; visits: number | string }[],
): { date: string; visits: number }[] {
  const byDay = new Map(rows.map((row) => [row.day, Number(row.visits)]));
  return days.map((date) => ({ date, visits: byDay.get(date) ?? 0 }));
}

const sumOf = (days: readonly { visits: number }[]) =>
  days.reduce((sum, day) => sum + day.visits, 0);

/**
 * The stats from the report's queries' rows (weekly-sql.ts): a week's total
 * is the sum of its days, as docs/analytics 01 adds them.
 */
export function weeklyStats(
  days: readonly string[],
  previousDays: readonly string[],
  timeZone: string,
  rows: WeeklyRows,
): WeeklyStats {
  const dailyBreakdown = fillDays(days, rows.daily);
  const totalVisits = sumOf(dailyBreakdown);
  const previousWeekTotal = sumOf(fillDays(previousDays, rows.daily));
  return {
    totalVisits,
    weekOverWeekGrowth: weekOverWeekGrowth(totalVisits, previousWeekTotal),
    previousWeekTotal,
    dailyBreakdown,
    topPages: rows.pages.map((row) => ({ page: row.page, visits: Number(row.visits) })),
    topReferrers: rows.referrers.map((row) => ({
      referrer: row.referrer,
      visits: Number(row.visits),
    })),
    from: days[0] ?? '',
    to: days[days.length - 1] ?? '',
    timeZone,
  };
}

/** As the gRPC WeeklyStats message takes it (growth absent rather than null). */
export function toWeeklyStatsMessage(stats: WeeklyStats) {
  return {
    totalVisits: stats.totalVisits,
    weekOverWeekGrowth: stats.weekOverWeekGrowth ?? undefined,
    previousWeekTotal: stats.previousWeekTotal,
    dailyBreakdown: stats.dailyBreakdown,
    topPages: stats.topPages,
    topReferrers: stats.topReferrers,
  };
}
