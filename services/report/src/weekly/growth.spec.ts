import { formatGrowth, weekOverWeekGrowth } from './growth';

describe('week-over-week growth', () => {
  it('is the change in percent to one decimal', () => {
    expect(weekOverWeekGrowth(150, 100)).toBe(50);
    expect(weekOverWeekGrowth(1684, 527)).toBe(219.5);
    expect(weekOverWeekGrowth(2, 3)).toBe(-33.3);
    expect(weekOverWeekGrowth(100, 100)).toBe(0);
    expect(weekOverWeekGrowth(0, 5)).toBe(-100);
  });

  it('has none when the previous week had no visits', () => {
    expect(weekOverWeekGrowth(10, 0)).toBeNull();
    expect(weekOverWeekGrowth(0, 0)).toBeNull();
  });

  it('rounds a tie to even, as ClickHouse round() does for the docs query', () => {
    // 1/8 = 12.5 % exactly; 0.125 % → 0.1, 0.375 % → 0.4.
    expect(weekOverWeekGrowth(801, 800)).toBe(0.1);
    expect(weekOverWeekGrowth(803, 800)).toBe(0.4);
    expect(Object.is(weekOverWeekGrowth(7999, 8000), -0)).toBe(false);
  });

  it('shows a plus sign from 0 up and one decimal', () => {
    expect(formatGrowth(0)).toBe('+0.0%');
    expect(formatGrowth(12.5)).toBe('+12.5%');
    expect(formatGrowth(-3)).toBe('-3.0%');
    expect(formatGrowth(null)).toMatch(/no visits the week before/);
  });
});
