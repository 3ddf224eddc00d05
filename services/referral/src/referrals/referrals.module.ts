import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ReferralPurge } from './referral-purge';
import { ReferralSender } from './referral-sender';
import { Referral, ReferralMail, ReferralMailSchema, ReferralSchema } from './referral.schema';
import { ReferralsRepository } from './referrals.repository';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Referral.name, schema: ReferralSchema },
      { name: ReferralMail.name, schema: ReferralMailSchema },
    ]),
  ],
  providers: [ReferralsRepository, ReferralSender, ReferralPurge],
  exports: [ReferralsRepository, ReferralSender, ReferralPurge],
})
export class ReferralsModule {}
