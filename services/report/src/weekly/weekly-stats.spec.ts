import { fillDays, toWeeklyStatsMessage, weeklyStats } from './weekly-stats';

const days = ['2026-11-16', '2026-11-17', '2026-11-18'];

describe('weekly stats', () => {
  it('lists every day, 0 where the query had no row', () => {
    expect(fillDays(days, [{ day: '2026-11-17', visits: '4' }])).toEqual([
      { date: '2026-11-16', visits: 0 },
      { date: '2026-11-17', visits: 4 },
      { date: '2026-11-18', visits: 0 },
    ]);
  });

  it('assembles the spec fields from the rows', () => {
    const stats = weeklyStats(days, 'Europe/London', {
      totals: { this_week: 12, previous_week: '8' },
      daily: [{ day: '2026-11-16', visits: 12 }],
      pages: [{ page: '/', visits: 7 }],
      referrers: [{ referrer: '(direct)', visits: '5' }],
    });
    expect(stats).toMatchObject({
      totalVisits: 12,
      previousWeekTotal: 8,
      weekOverWeekGrowth: 50,
      topPages: [{ page: '/', visits: 7 }],
      topReferrers: [{ referrer: '(direct)', visits: 5 }],
      from: '2026-11-16',
      to: '2026-11-18',
    });
    expect(
      toWeeklyStatsMessage({ ...stats, weekOverWeekGrowth: null }).weekOverWeekGrowth,
    ).toBeUndefined();
  });

  it('reads an empty database as zero visits and no growth', () => {
    const stats = weeklyStats(days, 'UTC', {
      totals: undefined,
      daily: [],
      pages: [],
      referrers: [],
    });
    expect(stats.totalVisits).toBe(0);
    expect(stats.weekOverWeekGrowth).toBeNull();
    expect(stats.dailyBreakdown.map((d) => d.visits)).toEqual([0, 0, 0]);
  });
});
