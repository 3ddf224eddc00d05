import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';
import { isDuplicateKey } from '@handcheck/server-kit';
import { type ConfirmationSlots } from './confirmation-limit';
import { ConfirmationSlot } from './confirmation-slot.schema';

/**
 * The `referral_confirmations` collection: a slot is taken by one insert and read by `_id`
 * alone, the two operations FerretDB answers without reading the whole collection.
 */
@Injectable()
export class ConfirmationSlotsRepository implements ConfirmationSlots {
  constructor(
    @InjectModel(ConfirmationSlot.name) private readonly slots: Model<ConfirmationSlot>,
  ) {}

  async take(slot: string, referralId: string): Promise<boolean> {
    try {
      await this.slots.create({ _id: slot, referral_id: referralId });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  async holder(slot: string): Promise<string | null> {
    const found = await this.slots.findOne({ _id: slot }).lean<ConfirmationSlot>().exec();
    return found?.referral_id ?? null;
  }

  /** Deletes the slots taken before `before` (the referral purge's retention). */
  async deleteCreatedBefore(before: Date): Promise<number> {
    return (await this.slots.deleteMany({ created_at: { $lt: before } }).exec()).deletedCount;
  }
}
