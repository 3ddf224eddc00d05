import {
  AXIS_FONT_PX,
  columnLayout,
  conditionBars,
  estimatedLabelWidth,
  funnelBars,
  niceMax,
  percentOf,
  shortDate,
  visitBars,
} from './chartData';

const data = {
  dailyVisits: [
    { date: '2026-11-16', visits: 3 },
    { date: '2026-11-17', visits: 0 },
  ],
  funnel: {
    started: 10,
    emergencyCheckCompleted: 10,
    stepsCompleted: [9, 8, 7, 6, 5, 4],
    completed: 4,
  },
  topConditions: [{ condition: 'Trigger Finger', completions: 3 }],
};

describe('dashboard chart data', () => {
  it('labels days short and keeps the ISO date for the table', () => {
    expect(shortDate('2026-11-16')).toBe('16 Nov');
    expect(visitBars(data)).toEqual([
      { label: '16 Nov', rowLabel: '2026-11-16', value: 3 },
      { label: '17 Nov', rowLabel: '2026-11-17', value: 0 },
    ]);
  });

  it('lays the funnel out from started through the emergency check and each step to completed', () => {
    const bars = funnelBars(data);
    expect(bars.map((b) => b.label)).toEqual([
      'Started',
      'Emergency check',
      'Step 1',
      'Step 2',
      'Step 3',
      'Step 4',
      'Step 5',
      'Step 6',
      'Completed',
    ]);
    expect(bars.map((b) => b.value)).toEqual([10, 10, 9, 8, 7, 6, 5, 4, 4]);
    expect(bars[1]?.rowLabel).toBe('Emergency check answered');
    expect(conditionBars(data)).toEqual([
      { label: 'Trigger Finger', rowLabel: 'Trigger Finger', value: 3 },
    ]);
  });

  it('rounds the axis up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax([])).toBe(1);
    expect(niceMax([0])).toBe(1);
    expect(niceMax([3])).toBe(5);
    expect(niceMax([17, 4])).toBe(20);
    expect(niceMax([100])).toBe(100);
    expect(niceMax([101])).toBe(200);
  });

  it('gives shares of those who started', () => {
    expect(percentOf(4, 10)).toBe('40.0%');
    expect(percentOf(1, 0)).toBe('–');
  });
});

describe('the visits chart layout', () => {
  /** 28 days ending on `last`, as the dashboard gets them. */
  const days = (last: string, visits: (i: number) => number) =>
    visitBars({
      ...data,
      dailyVisits: Array.from({ length: 28 }, (_, i) => {
        const day = new Date(`${last}T00:00:00Z`);
        day.setUTCDate(day.getUTCDate() - 27 + i);
        return { date: day.toISOString().slice(0, 10), visits: visits(i) };
      }),
    });
  // A month with the longest short name ("Sept"), a busy site, and an empty one.
  const cases = [
    days('2026-09-30', (i) => i * 457),
    days('2026-11-23', (i) => (i % 3) * 4),
    days('2026-11-23', () => 0),
  ];
  // From a 320 px phone (about 230 px inside the card) to a wide desktop card.
  const widths = [200, 230, 238, 260, 300, 342, 400, 560, 800, 1100, 1400];

  it('keeps every label inside the drawing, with the dates apart and the last day shown', () => {
    for (const bars of cases) {
      for (const width of widths) {
        const layout = columnLayout(bars, width);
        const context = { width, first: bars[0].label };
        const dates = layout.dates.map((date) => ({
          left: date.x - estimatedLabelWidth(date.text) / 2,
          right: date.x + estimatedLabelWidth(date.text) / 2,
          text: date.text,
        }));
        expect({ context, left: Math.min(...dates.map((d) => d.left)) >= 0 }).toEqual({
          context,
          left: true,
        });
        expect({ context, right: Math.max(...dates.map((d) => d.right)) <= width }).toEqual({
          context,
          right: true,
        });
        for (let i = 1; i < dates.length; i += 1)
          expect({ context, apart: dates[i].left - dates[i - 1].right >= 8 }).toEqual({
            context,
            apart: true,
          });
        expect(dates[0].text).toBe(bars[0].label);
        expect(dates[dates.length - 1].text).toBe(bars[bars.length - 1].label);
        expect(dates.length).toBeGreaterThanOrEqual(2);
        // Dates below the bars, their baseline leaving room for descenders.
        for (const date of layout.dates) {
          expect(date.y - AXIS_FONT_PX).toBeGreaterThanOrEqual(layout.plot.bottom);
          expect(date.y + AXIS_FONT_PX / 3).toBeLessThanOrEqual(layout.height);
        }
        // Value labels left of the plot, the top one below the drawing's top edge.
        for (const tick of layout.ticks) {
          expect(layout.valueX - estimatedLabelWidth(String(tick.value))).toBeGreaterThanOrEqual(0);
          expect(tick.y - AXIS_FONT_PX).toBeGreaterThanOrEqual(0);
        }
        expect(layout.valueX).toBeLessThan(layout.plot.left);
        // The bars within the plot.
        for (const column of layout.columns) {
          expect(column.x).toBeGreaterThanOrEqual(layout.plot.left);
          expect(column.x + column.width).toBeLessThanOrEqual(width);
          expect(column.y).toBeGreaterThanOrEqual(layout.plot.top);
          expect(column.y + column.height).toBeCloseTo(layout.plot.bottom);
        }
      }
    }
  });

  it('labels every 7th day where there is room, fewer on a phone', () => {
    const bars = cases[1];
    expect(columnLayout(bars, 1100).dates.map((d) => d.text)).toEqual([
      '27 Oct',
      '3 Nov',
      '10 Nov',
      '17 Nov',
      '23 Nov',
    ]);
    expect(columnLayout(bars, 230).dates.map((d) => d.text)).toEqual([
      '27 Oct',
      '10 Nov',
      '23 Nov',
    ]);
  });

  it('makes the value axis as wide as its longest label', () => {
    expect(columnLayout(cases[0], 560).ticks.map((t) => t.value)).toEqual([0, 10000, 20000]);
    expect(columnLayout(cases[0], 560).plot.left).toBeGreaterThan(estimatedLabelWidth('20000'));
    expect(columnLayout(cases[2], 560).plot.left).toBeLessThan(estimatedLabelWidth('20000'));
  });
});
