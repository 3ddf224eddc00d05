import { formatIsoDate } from './dates';

describe('formatIsoDate', () => {
  it('writes ISO dates the British way, whatever the time zone', () => {
    expect(formatIsoDate('2025-07-29')).toBe('29 July 2025');
    expect(formatIsoDate('2024-12-01')).toBe('1 December 2024');
  });

  it('leaves anything else untouched', () => {
    expect(formatIsoDate('29/07/2025')).toBe('29/07/2025');
    expect(formatIsoDate('2025-13-01')).toBe('2025-13-01');
  });
});
