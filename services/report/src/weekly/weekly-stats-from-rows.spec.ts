import { fillDays, toWeeklyStatsMessage, weeklyStats } from './weekly-stats-from-rows';

const days = ['2026-11-16', '2026-11-17', '2026-11-18'];
const previousDays = ['2026-11-13', '2026-11-14', '2026-11-15'];

describe('weekly stats', () => {
  it('lists every day, 0 where the query had no row', () => {
    expect(fillDays(days, [{ day: '2026-11-17', visits: '4' }])).toEqual([
      { date: '2026-11-16', visits: 0 },
      { date: '2026-11-17', visits: 4 },
      { date: '2026-11-18', visits: 0 },
    ]);
  });

  it('assembles the spec fields from the rows, each week the sum of its days', () => {
    const stats = weeklyStats(days, previousDays, 'Europe/London', {
      daily: [
        { day: '2026-11-13', visits: '3' },
        { day: '2026-11-15', visits: 5 },
        { day: '2026-11-16', visits: 10 },
        { day: '2026-11-18', visits: '2' },
      ],
      pages: [{ page: '/', visits: 7 }],
      referrers: [{ referrer: '(direct)', visits: '5' }],
    });
    expect(stats).toMatchObject({
      totalVisits: 12,
      previousWeekTotal: 8,
      weekOverWeekGrowth: 50,
      dailyBreakdown: [
        { date: '2026-11-16', visits: 10 },
        { date: '2026-11-17', visits: 0 },
        { date: '2026-11-18', visits: 2 },
      ],
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
    const stats = weeklyStats(days, previousDays, 'UTC', {
      daily: [],
      pages: [],
      referrers: [],
    });
    expect(stats.totalVisits).toBe(0);
    expect(stats.weekOverWeekGrowth).toBeNull();
    expect(stats.dailyBreakdown.map((d) => d.visits)).toEqual([0, 0, 0]);
  });
});
