import { formatGrowth, todayLabel } from './format';
import { refreshDelay, REFRESH_MARGIN_MS } from './session';

describe('formatGrowth', () => {
  it.each([
    [12.345, '+12.3%', true],
    [0, '+0.0%', true],
    [-0.04, '+0.0%', true],
    [-0.05, '-0.1%', false],
    [-7.25, '-7.3%', false],
    [100, '+100.0%', true],
  ])('%p → %s', (growth, text, positive) => {
    expect(formatGrowth(growth)).toEqual({ text, positive });
  });

  it('says when there is no percentage', () => {
    expect(formatGrowth(null).text).toMatch(/n\/a/);
  });
});

describe('todayLabel', () => {
  it('writes the local date in the site style', () => {
    expect(todayLabel(new Date(2026, 10, 3, 23, 59))).toBe('3 November 2026');
  });
});

describe('refreshDelay', () => {
  it('refreshes 90 seconds before the token expires, and at once when already late', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(REFRESH_MARGIN_MS).toBe(90_000);
    expect(refreshDelay('2026-01-01T00:15:00Z', now)).toBe(15 * 60_000 - 90_000);
    expect(refreshDelay('2026-01-01T00:01:00Z', now)).toBe(0);
  });
});
