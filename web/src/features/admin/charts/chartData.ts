import { type DashboardData } from './dashboardApi';

export interface Bar {
  label: string;
  /** What a screen reader or the data table says for the row. */
  rowLabel: string;
  value: number;
}

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "16 Nov" for 2026-11-16. */
export function shortDate(date: string): string {
  return DAY.format(new Date(`${date}T00:00:00Z`));
}

export function visitBars(data: DashboardData): Bar[] {
  return data.dailyVisits.map((day) => ({
    label: shortDate(day.date),
    rowLabel: day.date,
    value: day.visits,
  }));
}

/** Started, each step, completed: every stage with its share of those who started. */
export function funnelBars(data: DashboardData): Bar[] {
  return [
    { label: 'Started', rowLabel: 'Started', value: data.funnel.started },
    ...data.funnel.stepsCompleted.map((value, i) => ({
      label: `Step ${i + 1}`,
      rowLabel: `Step ${i + 1} completed`,
      value,
    })),
    { label: 'Completed', rowLabel: 'Completed', value: data.funnel.completed },
  ];
}

export function conditionBars(data: DashboardData): Bar[] {
  return data.topConditions.map((row) => ({
    label: row.condition,
    rowLabel: row.condition,
    value: row.completions,
  }));
}

/** A round axis maximum at or above the largest value (1, 2, 5 × 10ⁿ). */
export function niceMax(values: readonly number[]): number {
  const max = Math.max(0, ...values);
  if (max <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (max <= step * magnitude) return step * magnitude;
  return 10 * magnitude;
}

export function percentOf(value: number, whole: number): string {
  if (whole <= 0) return '–';
  return `${((value * 100) / whole).toFixed(1)}%`;
}
