import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One patient confirmation counted against its recipient's daily limit (ConfirmationLimit):
 * no address, only a hash of it in the `_id`. Kept as long as referrals are, and deleted by
 * the same hourly purge, so a referral asks about its confirmation with the same answer for
 * as long as it exists.
 */
@Schema({
  collection: 'referral_confirmations',
  timestamps: { createdAt: 'created_at', updatedAt: false },
  versionKey: false,
})
export class ConfirmationSlot {
  /** `<recipient key>:<UTC day>:<n>`, n from 1 to the limit. */
  @Prop({ type: String, required: true })
  _id!: string;

  /** The referral whose confirmation took the slot. */
  @Prop({ type: String, required: true })
  referral_id!: string;

  created_at!: Date;
}

export const ConfirmationSlotSchema = SchemaFactory.createForClass(ConfirmationSlot);
// The retention purge deletes by age.
ConfirmationSlotSchema.index({ created_at: 1 });
