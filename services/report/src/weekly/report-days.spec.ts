import {
  addDays,
  isoWeek,
  localDate,
  parseReportPeriod,
  periodKey,
  reportDays,
} from './report-days';

describe('report days', () => {
  it('takes the local date in the zone, not the UTC one', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    expect(localDate(new Date('2026-06-30T23:30:00Z'), 'Europe/London')).toBe('2026-07-01');
    expect(localDate(new Date('2026-06-30T23:30:00Z'), 'UTC')).toBe('2026-06-30');
    expect(localDate(new Date('2026-12-31T23:30:00Z'), 'Europe/London')).toBe('2026-12-31');
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(() => addDays('2026-02-30', 1)).toThrow(TypeError);
  });

  it('reports the 7 whole days before the run, and the 7 before those', () => {
    // Monday 23 November 2026, 08:00 in London (GMT).
    const days = reportDays(new Date('2026-11-23T08:00:00Z'), 'Europe/London');
    expect(days.today).toBe('2026-11-23');
    expect(days.days).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(days.previousDays[0]).toBe('2026-11-09');
    expect(days.previousDays[6]).toBe('2026-11-15');
  });

  it('counts days in London time across the change to summer time', () => {
    // 00:30 BST on Monday 30 March 2026 is still Sunday 23:30 UTC.
    const days = reportDays(new Date('2026-03-29T23:30:00Z'), 'Europe/London');
    expect(days.today).toBe('2026-03-30');
    expect(days.days[6]).toBe('2026-03-29');
  });

  it.each([
    ['2026-11-23', '2026-W48'],
    ['2026-01-01', '2026-W01'],
    ['2027-01-01', '2026-W53'],
    ['2024-12-30', '2025-W01'],
    ['2021-01-03', '2020-W53'],
  ])('ISO week of %s is %s', (date, week) => {
    expect(isoWeek(date)).toBe(week);
  });

  it('keys a weekly run on the ISO week of its local date', () => {
    expect(periodKey(new Date('2026-11-23T08:00:00Z'), 'Europe/London', 'week')).toBe(
      'weekly-report:2026-W48',
    );
    // Every firing in the same week gets the same key…
    expect(periodKey(new Date('2026-11-29T22:00:00Z'), 'Europe/London', 'week')).toBe(
      'weekly-report:2026-W48',
    );
    // …and Sunday 23:30 UTC in summer is already Monday in London.
    expect(periodKey(new Date('2026-06-28T23:30:00Z'), 'Europe/London', 'week')).toBe(
      'weekly-report:2026-W27',
    );
    expect(periodKey(new Date('2026-06-28T23:30:00Z'), 'UTC', 'week')).toBe(
      'weekly-report:2026-W26',
    );
  });

  it('keys a test period of n seconds on its slot', () => {
    const period = parseReportPeriod('10s');
    expect(period).toEqual({ seconds: 10 });
    const key = (iso: string) => periodKey(new Date(iso), 'Europe/London', period);
    expect(key('2026-11-23T08:00:00.000Z')).toBe(key('2026-11-23T08:00:09.999Z'));
    expect(key('2026-11-23T08:00:10.000Z')).not.toBe(key('2026-11-23T08:00:09.999Z'));
    expect(parseReportPeriod('week')).toBe('week');
    expect(() => parseReportPeriod('minute')).toThrow(TypeError);
  });
});
