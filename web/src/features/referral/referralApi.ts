import { api } from '../../app/api';
import type { ReferralAnswer, ReferralBody } from './referralForm';

/** POST /api/referrals: answers once the request is on its way to the specialist. */
export const referralApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendReferral: build.mutation<ReferralAnswer, ReferralBody>({
      query: (body) => ({ url: 'referrals', method: 'POST', body }),
    }),
  }),
});

export const { useSendReferralMutation } = referralApi;
