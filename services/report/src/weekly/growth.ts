/**
 * Week-over-week growth in percent, to one decimal: +12.5 means 12.5 % more
 * visits than the previous week. `null` when the previous week had no visits,
 * where a percentage has no meaning (the mail then says "no visits the week
 * before" and the API leaves weekOverWeekGrowth out).
 */
export function weekOverWeekGrowth(current: number, previous: number): number | null {
  if (previous === 0) return null;
  const percent = ((current - previous) * 100) / previous;
  const rounded = roundHalfEven(percent * 10) / 10;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** Nearest integer, ties to even: what ClickHouse's round() does to a Float64, so the docs' query agrees. */
function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const diff = value - floor;
  if (diff < 0.5) return floor;
  if (diff > 0.5) return floor + 1;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** "+12.5%", "0.0%" shown as "+0.0%", "-3.1%": the dashboard's and the mail's form. */
export function formatGrowth(growth: number | null): string {
  if (growth === null) return 'n/a (no visits the week before)';
  return `${growth >= 0 ? '+' : ''}${growth.toFixed(1)}%`;
}
