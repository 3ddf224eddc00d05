import { type GetDashboardResponse, type WeeklyStats } from '@handcheck/contracts';
import { type DashboardDto } from './dto/dashboard.dto';
import { type WeeklyStatsDto } from './dto/weekly-report.dto';

/** The gRPC message as the spec's JSON (growth null when absent). */
export function toWeeklyStatsDto(stats: WeeklyStats | undefined): WeeklyStatsDto {
  return {
    totalVisits: stats?.totalVisits ?? 0,
    weekOverWeekGrowth: stats?.weekOverWeekGrowth ?? null,
    previousWeekTotal: stats?.previousWeekTotal ?? 0,
    dailyBreakdown: (stats?.dailyBreakdown ?? []).map(({ date, visits }) => ({ date, visits })),
    topPages: (stats?.topPages ?? []).map(({ page, visits }) => ({ page, visits })),
    topReferrers: (stats?.topReferrers ?? []).map(({ referrer, visits }) => ({ referrer, visits })),
  };
}

export function toDashboardDto(answer: GetDashboardResponse): DashboardDto {
  return {
    dailyVisits: answer.dailyVisits.map(({ date, visits }) => ({ date, visits })),
    funnel: {
      started: answer.funnel?.started ?? 0,
      emergencyCheckCompleted: answer.funnel?.emergencyCheckCompleted ?? 0,
      stepsCompleted: [...(answer.funnel?.stepsCompleted ?? [])],
      completed: answer.funnel?.completed ?? 0,
    },
    topConditions: answer.topConditions.map(({ condition, completions }) => ({
      condition,
      completions,
    })),
  };
}
