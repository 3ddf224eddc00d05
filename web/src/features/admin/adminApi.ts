import { api } from '../../app/api';
import { rootReducer } from '../../app/store';
import { adminAuthSlice, type AuthSession } from './adminAuthSlice';

/** The header the gateway wants on its cookie routes: proof the call comes from the site. */
const SITE_HEADER = { 'x-handcheck-auth': '1' };

export interface DailyVisits {
  date: string;
  visits: number;
}

export interface WeeklyStats {
  totalVisits: number;
  /** Percent, or null when the previous week had no visits. */
  weekOverWeekGrowth: number | null;
  previousWeekTotal: number;
  dailyBreakdown: DailyVisits[];
  topPages: Array<{ page: string; visits: number }>;
  topReferrers: Array<{ referrer: string; visits: number }>;
}

/** Spec §3's weekly report test response. */
export interface WeeklyReportTestResponse {
  success: boolean;
  data?: { emailId?: string | null; stats?: WeeklyStats | null } | null;
  error?: string | null;
}

// The session's slice comes with this feature's code (see app/store).
export const injectedAdminAuth = adminAuthSlice.injectInto(rootReducer);
export const { selectAdminAuth } = injectedAdminAuth.selectors;

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthSession, { email: string; password: string }>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body, headers: SITE_HEADER }),
    }),
    refreshSession: build.mutation<AuthSession, void>({
      query: () => ({ url: 'auth/refresh', method: 'POST', headers: SITE_HEADER }),
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: 'auth/logout', method: 'POST', headers: SITE_HEADER }),
    }),
    sendWeeklyReportTest: build.mutation<WeeklyReportTestResponse, void>({
      query: () => ({ url: 'admin/weekly-report/test', method: 'POST' }),
    }),
  }),
});

export const {
  useLoginMutation,
  useRefreshSessionMutation,
  useLogoutMutation,
  useSendWeeklyReportTestMutation,
} = adminApi;

/** The gateway's message from a failed call (its one error shape), or a fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const data = (error as { data?: { message?: unknown; error?: unknown } } | undefined)?.data;
  const message = data?.message;
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message) && typeof message[0] === 'string') return message.join(' ');
  // A weekly-test answer with an error status ({ success: false, error }).
  if (typeof data?.error === 'string' && data.error) return data.error;
  const status = (error as { status?: unknown } | undefined)?.status;
  if (status === 'FETCH_ERROR') return 'Could not reach the server. Please check your connection.';
  return fallback;
}

/** Whether a failed call means the session is gone. */
export function isUnauthorized(error: unknown): boolean {
  return (error as { status?: unknown } | undefined)?.status === 401;
}
