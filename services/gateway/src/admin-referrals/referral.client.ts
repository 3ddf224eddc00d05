import { Injectable } from '@nestjs/common';
import { ReferralService } from '@handcheck/contracts';
import { GrpcServiceClient } from '@handcheck/server-kit';
import { GatewayEnv } from '../config/gateway.env';

/** A retry sends up to two mails; nodemailer gives a relay 10 s to connect and 30 s of silence. */
export const REFERRAL_DEADLINE_MS = 60_000;

/** The referral service over gRPC (REFERRAL_GRPC_URL). */
@Injectable()
export class ReferralClient extends GrpcServiceClient<typeof ReferralService> {
  constructor(env: GatewayEnv) {
    super(ReferralService, env.REFERRAL_GRPC_URL, {
      deadlineMs: REFERRAL_DEADLINE_MS,
      internalToken: env.internalGrpcToken,
    });
  }
}
