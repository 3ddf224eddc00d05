import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { DeadLetter, DeadLetterSchema } from './dead-letter.schema';
import { DeadLettersRepository } from './dead-letters.repository';
import { FailedReferralsController } from './failed-referrals.controller';
import { ReferralPurge } from './referral-purge';
import { ReferralSender } from './referral-sender';
import { Referral, ReferralMail, ReferralMailSchema, ReferralSchema } from './referral.schema';
import { ReferralsRepository } from './referrals.repository';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Referral.name, schema: ReferralSchema },
      { name: ReferralMail.name, schema: ReferralMailSchema },
      { name: DeadLetter.name, schema: DeadLetterSchema },
    ]),
  ],
  controllers: [FailedReferralsController],
  providers: [ReferralsRepository, DeadLettersRepository, ReferralSender, ReferralPurge],
  exports: [ReferralsRepository, DeadLettersRepository, ReferralSender, ReferralPurge],
})
export class ReferralsModule {}
