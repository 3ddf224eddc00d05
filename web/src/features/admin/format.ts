import { formatIsoDate } from '../../components/dates';

/**
 * Week-over-week growth as the spec shows it (§4, §9): one decimal, a plus sign when 0 or
 * more, and whether it is good news (green) or not (red). Null (no visits the week before)
 * has no percentage.
 */
export function formatGrowth(growth: number | null): { text: string; positive: boolean } {
  if (growth === null || !Number.isFinite(growth)) {
    return { text: 'n/a (no visits the week before)', positive: true };
  }
  // Rounded first (half away from zero), so -0.04 shows as +0.0, not a red -0.0.
  const rounded = Number(growth.toFixed(1)) || 0;
  const positive = rounded >= 0;
  return { text: `${positive ? '+' : ''}${rounded.toFixed(1)}%`, positive };
}

/** Today's date in the site's date style ('23 November 2026'), from the browser's clock and zone. */
export function todayLabel(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return formatIsoDate(`${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`);
}

export function formatCount(value: number): string {
  return value.toLocaleString('en-GB');
}
