import { formatGrowth } from './growth';
import { type WeeklyStats } from './weekly-stats-from-rows';

export const WEEKLY_TEMPLATE = 'weekly-report';
export const CHART_CID = 'daily-visits-chart@handcheck';

const WEEKDAY = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });

/** What the weekly-report templates are given. */
export function weeklyTemplateData(stats: WeeklyStats, options: { isTest: boolean }) {
  const growth = stats.weekOverWeekGrowth;
  return {
    isTest: options.isTest,
    from: stats.from,
    to: stats.to,
    timeZone: stats.timeZone,
    totalVisits: stats.totalVisits,
    previousWeekTotal: stats.previousWeekTotal,
    growthText: formatGrowth(growth),
    // The dashboard's rule: green from 0 up, red below; grey when there is none.
    growthColor: growth === null ? '#4b5563' : growth >= 0 ? '#15803d' : '#b91c1c',
    chartCid: CHART_CID,
    days: stats.dailyBreakdown.map((day) => ({
      date: day.date,
      weekday: WEEKDAY.format(new Date(`${day.date}T00:00:00Z`)),
      visits: day.visits,
    })),
    topPages: stats.topPages.map((row, i) => ({ rank: i + 1, ...row })),
    topReferrers: stats.topReferrers.map((row, i) => ({ rank: i + 1, ...row })),
  };
}
