import { api } from '../../app/api';

/** One referral that did not go out, as GET /api/admin/referrals/failed lists it (no personal data). */
export interface FailedReferral {
  /** The referral id; for an unreadable message, `<topic>/<partition>/<offset>`. */
  key: string;
  referralId: string | null;
  /** `mail`: can be retried; `unreadable`: only its reason is kept. */
  kind: 'mail' | 'unreadable';
  reason: string;
  failedAt: string;
  attempts: number;
}

export interface FailedReferrals {
  total: number;
  failed: FailedReferral[];
}

export interface RetryAnswer {
  success: boolean;
  outcome: 'sent' | 'already_sent' | 'failed';
  error: string | null;
}

export const failedReferralsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFailedReferrals: build.query<FailedReferrals, void>({
      query: () => ({ url: 'admin/referrals/failed' }),
      keepUnusedDataFor: 60,
    }),
    retryReferral: build.mutation<RetryAnswer, string>({
      query: (id) => ({ url: `admin/referrals/${encodeURIComponent(id)}/retry`, method: 'POST' }),
    }),
  }),
});

export const { useGetFailedReferralsQuery, useRetryReferralMutation } = failedReferralsApi;
