import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { type HydratedDocument } from 'mongoose';
import { type ReferralBody } from '@handcheck/contracts';
import { Leased } from '@handcheck/server-kit';

export const REFERRAL_STATUSES = ['received', 'sending', 'sent', 'failed'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/**
 * One referral and how far its mail got. Its lease is the lock: a new referral is stored
 * already `sending` and leased (one insert, which only one worker can win); a stored one
 * is taken over from `received` (or from `sending` whose lease ran out) before it is
 * mailed again (LeasesRepository). Each mail is marked sent the moment the relay accepts
 * it (a ReferralMail, or this document's `*_sent_at` with the last one), so a redelivered
 * message never mails what was already sent.
 */
@Schema({
  collection: 'referrals',
  timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
  versionKey: false,
  // The request's own fields (typed as the contract's by the cast below, a class cannot
  // declare properties from a type) are stored as the contract checked them, by their proto
  // names, so a field added to the message is stored without a change here.
  strict: false,
})
export class Referral extends (Leased as new () => Leased & ReferralBody) {
  /**
   * The referral's UUID (the same as `id`), so that every update after the insert finds
   * it by `_id`: FerretDB pushes only `{_id: …}` filters down to its storage, and scans
   * and decodes the whole collection for any other. Older referrals have an ObjectId here
   * and are found by `id` (see ReferralsRepository).
   */
  @Prop({ type: String, required: true })
  _id!: string;

  /** The gateway's UUID for the request. */
  @Prop({ type: String, required: true, unique: true })
  id!: string;

  @Prop({ type: String, required: true, enum: REFERRAL_STATUSES, default: 'received' })
  status!: ReferralStatus;

  @Prop({ type: String, default: null })
  last_error!: string | null;

  @Prop({ type: Date, required: true })
  requested_at!: Date;

  @Prop({ type: Date, default: null })
  specialist_sent_at!: Date | null;

  @Prop({ type: Date, default: null })
  patient_sent_at!: Date | null;

  @Prop({ type: Date, default: null })
  sent_at!: Date | null;

  @Prop({ type: Date, default: null })
  failed_at!: Date | null;

  created_at!: Date;
  updated_at!: Date;
}

export type ReferralDocument = HydratedDocument<Referral>;
export const ReferralSchema = SchemaFactory.createForClass(Referral);
// The retention purge deletes by age.
ReferralSchema.index({ created_at: 1 });

/**
 * One mail of a referral that the relay accepted, inserted the moment it did while the
 * referral's other mail is still on its way (the last one is written on the referral
 * itself, with `sent`). An insert, not an update of the referral, so that two marks
 * written at once never undo each other. Deleted with its referral.
 */
@Schema({
  collection: 'referral_mails',
  timestamps: { createdAt: 'created_at', updatedAt: false },
  versionKey: false,
})
export class ReferralMail {
  /** `<referral id>:<specialist|patient>`: one per mail, so marking twice is harmless. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  referral_id!: string;

  /** When the relay accepted it. */
  @Prop({ type: Date, required: true })
  sent_at!: Date;

  created_at!: Date;
}

export const ReferralMailSchema = SchemaFactory.createForClass(ReferralMail);
ReferralMailSchema.index({ created_at: 1 });
