import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { LeasesModule } from '@handcheck/server-kit';
import { ConfirmationLimit } from './confirmation-limit';
import { ConfirmationSlot, ConfirmationSlotSchema } from './confirmation-slot.schema';
import { ConfirmationSlotsRepository } from './confirmation-slots.repository';
import { DeadLetter, DeadLetterSchema } from './dead-letter.schema';
import { DeadLettersRepository } from './dead-letters.repository';
import { FailedReferralsController } from './failed-referrals.controller';
import { ReferralConsumer } from './referral-consumer';
import { ReferralDeadLetters } from './referral-dead-letters';
import { ReferralMailing } from './referral-mailing';
import { ReferralPurge } from './referral-purge';
import { Referral, ReferralMail, ReferralMailSchema, ReferralSchema } from './referral.schema';
import { ReferralsRepository } from './referrals.repository';

@Module({
  imports: [
    LeasesModule,
    MongooseModule.forFeature([
      { name: Referral.name, schema: ReferralSchema },
      { name: ReferralMail.name, schema: ReferralMailSchema },
      { name: DeadLetter.name, schema: DeadLetterSchema },
      { name: ConfirmationSlot.name, schema: ConfirmationSlotSchema },
    ]),
  ],
  controllers: [FailedReferralsController],
  providers: [
    ReferralsRepository,
    ConfirmationSlotsRepository,
    ConfirmationLimit,
    DeadLettersRepository,
    ReferralDeadLetters,
    ReferralMailing,
    ReferralConsumer,
    ReferralPurge,
  ],
})
export class ReferralsModule {}
