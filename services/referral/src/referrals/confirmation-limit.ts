import { Inject, Injectable } from '@nestjs/common';
import { ReferralEnv } from '../config/referral.env';
import { ConfirmationSlotsRepository } from './confirmation-slots.repository';
import { confirmationDay, recipientKey } from './confirmation-recipient';
import { type ReferralRequest } from './referral-message';

/** The slots a day's confirmations to one recipient take (confirmation-slots.repository.ts). */
export interface ConfirmationSlots {
  /** Takes the slot for this referral; false when another referral holds it already. */
  take(slot: string, referralId: string): Promise<boolean>;
  /** The referral holding the slot, or null when nobody does. */
  holder(slot: string): Promise<string | null>;
}

/**
 * Whether a referral's confirmation may go to its patient address: at most
 * REFERRAL_CONFIRMATIONS_PER_DAY per recipient (its mailbox, confirmation-recipient.ts) on
 * each UTC day a referral was requested, whoever sent them. Only the confirmation is held
 * back: the specialist gets every referral, and the visitor is answered alike either way.
 */
@Injectable()
export class ConfirmationLimit {
  constructor(
    @Inject(ConfirmationSlotsRepository) private readonly slots: ConfirmationSlots,
    private readonly env: ReferralEnv,
  ) {}

  /*
   * Each confirmation is a slot `<recipient>:<day>:<n>`, taken by inserting it with that
   * `_id`: an insert is atomic on MongoDB and FerretDB alike (FerretDB runs findOneAndUpdate
   * as a read then a write, which two replicas could both win). A slot keeps its referral's
   * id, so asking again for one referral (a retry, a redelivery) finds its own slot.
   */
  async allows(
    referral: Pick<ReferralRequest, 'id' | 'patient_email' | 'requested_at'>,
  ): Promise<boolean> {
    const prefix = `${recipientKey(referral.patient_email)}:${confirmationDay(referral.requested_at)}`;
    for (let n = 1; n <= this.env.REFERRAL_CONFIRMATIONS_PER_DAY; n += 1) {
      const slot = `${prefix}:${n}`;
      if (await this.slots.take(slot, referral.id)) return true;
      if ((await this.slots.holder(slot)) === referral.id) return true;
    }
    return false;
  }
}
