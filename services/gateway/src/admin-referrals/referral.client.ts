import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  type ListFailedReferralsResponse,
  ReferralService,
  type RetryReferralResponse,
} from '@handcheck/contracts';
import { createGrpcClient, type GrpcClient } from '@handcheck/server-kit';
import { GatewayEnv } from '../config/gateway.env';

/** A retry sends up to two mails; nodemailer gives a relay 10 s to connect and 30 s of silence. */
export const REFERRAL_DEADLINE_MS = 60_000;

/** The referral service over gRPC (REFERRAL_GRPC_URL). The channel connects lazily. */
@Injectable()
export class ReferralClient implements OnApplicationShutdown {
  private readonly client: GrpcClient<typeof ReferralService>;

  constructor(env: GatewayEnv) {
    this.client = createGrpcClient(ReferralService, env.REFERRAL_GRPC_URL, {
      deadlineMs: REFERRAL_DEADLINE_MS,
    });
  }

  listFailed(limit: number): Promise<ListFailedReferralsResponse> {
    return this.client.listFailedReferrals({ limit });
  }

  retry(referralId: string): Promise<RetryReferralResponse> {
    return this.client.retryReferral({ referralId });
  }

  onApplicationShutdown(): void {
    this.client.close();
  }
}
