// Pure date arithmetic for the weekly report. A report day is a calendar day in
// the report's time zone (REPORT_TIMEZONE, Europe/London by default), so "the
// last 7 whole days" of a run on Monday 08:00 in London are the Monday to
// Sunday before it, midnight to midnight London time, whatever the UTC offset.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar date (`YYYY-MM-DD`) an instant falls on in a time zone. */
export function localDate(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

function parseDate(date: string): Date {
  const match = DATE.exec(date);
  if (!match) throw new TypeError(`Not a date: ${date}`);
  const value = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (value.toISOString().slice(0, 10) !== date) throw new TypeError(`Not a date: ${date}`);
  return value;
}

/** The calendar date `days` after (or before, when negative) `date`. */
export function addDays(date: string, days: number): string {
  const value = parseDate(date);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

export interface ReportDays {
  /** The local date of the run; the report ends at its midnight (exclusive). */
  today: string;
  /** The reported days, oldest first: the `count` whole days before `today`. */
  days: string[];
  /** The same number of days before those (the previous period). */
  previousDays: string[];
}

/** The last `count` whole days before `now` in `timeZone` (7 for the weekly report). */
export function reportDays(now: Date, timeZone: string, count = 7): ReportDays {
  const today = localDate(now, timeZone);
  const range = (from: number) => Array.from({ length: count }, (_, i) => addDays(today, from + i));
  return { today, days: range(-count), previousDays: range(-2 * count) };
}

/** ISO 8601 week of a calendar date: `2026-W48` (weeks start on Monday; week 1 holds the first Thursday). */
export function isoWeek(date: string): string {
  const day = parseDate(date);
  const weekday = (day.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const thursday = new Date(day);
  thursday.setUTCDate(day.getUTCDate() - weekday + 3);
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  firstThursday.setUTCDate(firstThursday.getUTCDate() - ((firstThursday.getUTCDay() + 6) % 7) + 3);
  const week = 1 + Math.round((thursday.getTime() - firstThursday.getTime()) / (7 * 86_400_000));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * What one scheduled run covers: `week` in production, or `{ seconds: n }`,
 * only for tests that fire the schedule every few seconds.
 */
export type ReportPeriod = 'week' | { seconds: number };

export function parseReportPeriod(text: string): ReportPeriod {
  if (text === 'week') return 'week';
  const match = /^([1-9]\d*)s$/.exec(text);
  if (!match) throw new TypeError(`Not a report period: ${text}`);
  return { seconds: Number(match[1]) };
}

/**
 * The key of the period a run at `now` belongs to, the run record's id: every
 * firing of the schedule in the same period, on any replica, gets the same key,
 * and only the first claims it. `weekly-report:2026-W48` is the ISO week of the
 * run's local date; `weekly-report:s10:177…` the n-second slot since the epoch.
 */
export function periodKey(now: Date, timeZone: string, period: ReportPeriod): string {
  if (period === 'week') return `weekly-report:${isoWeek(localDate(now, timeZone))}`;
  const slot = Math.floor(now.getTime() / (period.seconds * 1000));
  return `weekly-report:s${period.seconds}:${slot}`;
}
