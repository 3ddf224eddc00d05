import {
  type VisitDayRows,
  type VisitDaySource,
  VisitDays,
  dependencyDeliveries,
  figuresFromRows,
  topThree,
  weeklyRowsFrom,
} from './visit-days';

const DAYS = ['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13'];

describe('dependencyDeliveries', () => {
  it('sums each day with the 8 days before it, and nothing after', () => {
    const rows = [
      { day: '2026-11-01', deliveries: 100 }, // 9 days before the 10th: not a dependency
      { day: '2026-11-02', deliveries: '7' }, // 8 days before: one
      { day: '2026-11-11', deliveries: 3 },
      { day: '2026-11-12', deliveries: 5 },
    ];
    expect([...dependencyDeliveries(DAYS, rows)]).toEqual([
      ['2026-11-10', 7],
      ['2026-11-11', 3],
      ['2026-11-12', 8],
      ['2026-11-13', 8],
    ]);
  });
});

describe('figuresFromRows and weeklyRowsFrom', () => {
  const rows: VisitDayRows = [
    { day: '2026-11-10', page: '/', referrer: '(direct)', visits: '4' },
    { day: '2026-11-10', page: '/faq', referrer: '(direct)', visits: 1 },
    { day: '2026-11-12', page: '/faq', referrer: 'www.nhs.uk', visits: 3 },
    { day: '2026-11-12', page: '/about', referrer: 'www.nhs.uk', visits: 2 },
    { day: '2026-11-13', page: '/é', referrer: '(direct)', visits: 2 },
    { day: '2026-11-13', page: '/z', referrer: '(direct)', visits: 1 },
    { day: '2026-11-13', page: '/z', referrer: 'duckduckgo.com', visits: 1 },
  ];

  it("sums each day's rows into its visits, pages and referrers, and a day without rows is 0", () => {
    const figures = figuresFromRows(DAYS, rows);
    expect(DAYS.map((day) => figures.get(day)!.visits)).toEqual([5, 0, 5, 4]);
    expect(figures.get('2026-11-12')!.referrers.get('www.nhs.uk')).toBe(5);
    expect(figures.get('2026-11-13')!.pages.get('/z')).toBe(2);
  });

  it('sums the days of the week for the top 3, ties in byte order as ClickHouse sorts', () => {
    const figures = figuresFromRows(DAYS, rows);
    const weekly = weeklyRowsFrom(DAYS.slice(1), figures);
    // '/faq' 3 (the 10th is not in the week), then 2s by bytes: '/about' < '/z' < '/é'.
    expect(weekly.pages).toEqual([
      { page: '/faq', visits: 3 },
      { page: '/about', visits: 2 },
      { page: '/z', visits: 2 },
    ]);
    expect(weekly.referrers).toEqual([
      { referrer: 'www.nhs.uk', visits: 5 },
      { referrer: '(direct)', visits: 3 },
      { referrer: 'duckduckgo.com', visits: 1 },
    ]);
    // Every day with visits, the week before included; none for a day without.
    expect(weekly.daily).toEqual([
      { day: '2026-11-10', visits: 5 },
      { day: '2026-11-12', visits: 5 },
      { day: '2026-11-13', visits: 4 },
    ]);
  });

  it('topThree leaves out names whose sum is 0', () => {
    expect(topThree([new Map([['/', 0]])])).toEqual([]);
  });
});

/** A source over fixed deliveries and rows, recording which ranges were computed. */
function fakeSource() {
  const deliveries = new Map<string, number>();
  const computed: string[] = [];
  const source: VisitDaySource = {
    deliveriesByDay: async () => [...deliveries].map(([day, n]) => ({ day, deliveries: n })),
    visitDayRows: async (_zone, endDay, days) => {
      computed.push(`${days} days to ${endDay}`);
      return [...deliveries].map(([day, n]) => ({ day, page: '/', referrer: '', visits: n }));
    },
  };
  return { deliveries, computed, source };
}

describe('VisitDays', () => {
  const SETTLE = 60_000;

  function setup() {
    const fake = fakeSource();
    let now = 1_000_000;
    const days = new VisitDays(fake.source, { settleMs: SETTLE, now: () => now });
    return { ...fake, days, later: (ms: number) => (now += ms) };
  }

  it('computes every day once, then keeps them while their deliveries stay the same', async () => {
    const { deliveries, computed, days, later } = setup();
    deliveries.set('2026-11-11', 2);
    const first = await days.figures('UTC', DAYS);
    expect(first.get('2026-11-11')!.visits).toBe(2);
    expect(computed).toEqual(['4 days to 2026-11-14']);
    await days.figures('UTC', DAYS); // provisional, still fresh
    expect(computed).toHaveLength(1);
    later(SETTLE);
    await days.figures('UTC', DAYS); // computed again once settled
    expect(computed).toHaveLength(2);
    later(10 * SETTLE);
    await days.figures('UTC', DAYS);
    await days.figures('UTC', DAYS);
    expect(computed).toHaveLength(2);
  });

  it('computes again from the first day whose deliveries changed to the last', async () => {
    const { deliveries, computed, days, later } = setup();
    await days.figures('UTC', DAYS);
    later(SETTLE);
    await days.figures('UTC', DAYS);
    computed.length = 0;
    // A late visit on the 12th: the 12th and the days after it depend on it, not the days before.
    deliveries.set('2026-11-12', 1);
    const figures = await days.figures('UTC', DAYS);
    expect(computed).toEqual(['2 days to 2026-11-14']);
    expect(figures.get('2026-11-12')!.visits).toBe(1);
    expect(figures.get('2026-11-10')!.visits).toBe(0);
  });

  it('keeps days per zone', async () => {
    const { computed, days } = setup();
    await days.figures('UTC', DAYS);
    await days.figures('Europe/London', DAYS);
    expect(computed).toHaveLength(2);
  });

  it('forgets the oldest kept days past maxKept', async () => {
    const fake = fakeSource();
    const days = new VisitDays(fake.source, { settleMs: SETTLE, maxKept: 4, now: () => 0 });
    await days.figures('UTC', DAYS);
    await days.figures('UTC', ['2026-11-14']);
    await days.figures('UTC', DAYS);
    expect(fake.computed).toEqual([
      '4 days to 2026-11-14',
      '1 days to 2026-11-15',
      '1 days to 2026-11-11',
    ]);
  });
});
