import { Module } from '@nestjs/common';
import { AdminReferralsController } from './admin-referrals.controller';
import { ReferralClient } from './referral.client';

/** The admin's view of referrals that did not go out, and their retry, from the referral service (gRPC). */
@Module({
  controllers: [AdminReferralsController],
  providers: [ReferralClient],
})
export class AdminReferralsModule {}
