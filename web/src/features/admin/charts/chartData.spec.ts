import { conditionBars, funnelBars, niceMax, percentOf, shortDate, visitBars } from './chartData';

const data = {
  dailyVisits: [
    { date: '2026-11-16', visits: 3 },
    { date: '2026-11-17', visits: 0 },
  ],
  funnel: { started: 10, stepsCompleted: [9, 8, 7, 6, 5, 4], completed: 4 },
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

  it('lays the funnel out from started through each step to completed', () => {
    const bars = funnelBars(data);
    expect(bars.map((b) => b.label)).toEqual([
      'Started',
      'Step 1',
      'Step 2',
      'Step 3',
      'Step 4',
      'Step 5',
      'Step 6',
      'Completed',
    ]);
    expect(bars.map((b) => b.value)).toEqual([10, 9, 8, 7, 6, 5, 4, 4]);
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
