import { api } from '../../../app/api';

export interface DashboardData {
  /** Each of the last 28 whole days (Europe/London), oldest first. */
  dailyVisits: Array<{ date: string; visits: number }>;
  /** Sessions at each stage: started, the emergency check, steps 1 to 6, completed. */
  funnel: {
    started: number;
    emergencyCheckCompleted: number;
    stepsCompleted: number[];
    completed: number;
  };
  topConditions: Array<{ condition: string; completions: number }>;
}

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<DashboardData, void>({
      query: () => ({ url: 'admin/dashboard' }),
      // The figures change by the minute at most; a reload of the page asks again.
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
