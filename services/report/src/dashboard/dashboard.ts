import { fillDays } from '../weekly/weekly-stats-from-rows';

export const DASHBOARD_DAYS = 28;
export const TOP_CONDITIONS = 5;

export interface FunnelRow {
  started: number | string;
  emergency_check: number | string;
  step_1: number | string;
  step_2: number | string;
  step_3: number | string;
  step_4: number | string;
  step_5: number | string;
  step_6: number | string;
  completed: number | string;
}

/** What the dashboard's three queries answer; the funnel is one row, absent on an empty table. */
export interface DashboardRows {
  daily: { day: string; visits: number | string }[];
  funnel: FunnelRow | undefined;
  conditions: { condition: string; completions: number | string }[];
}

/** The GetDashboard answer from the three queries' rows. */
export function dashboardAnswer(
  days: readonly string[],
  { daily, funnel, conditions }: DashboardRows,
) {
  const n = (value: number | string | undefined) => Number(value ?? 0);
  return {
    dailyVisits: fillDays(days, daily),
    funnel: {
      started: n(funnel?.started),
      emergencyCheckCompleted: n(funnel?.emergency_check),
      stepsCompleted: [
        funnel?.step_1,
        funnel?.step_2,
        funnel?.step_3,
        funnel?.step_4,
        funnel?.step_5,
        funnel?.step_6,
      ].map(n),
      completed: n(funnel?.completed),
    },
    topConditions: conditions.map((row) => ({
      condition: row.condition,
      completions: n(row.completions),
    })),
  };
}
