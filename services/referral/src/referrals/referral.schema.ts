import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { type HydratedDocument } from 'mongoose';

export const REFERRAL_STATUSES = ['received', 'sending', 'sent', 'failed'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/**
 * One referral and how far its mail got. The status is the lock: a worker moves a
 * referral from `received` (or from `sending` whose lease ran out) to `sending`
 * atomically before it mails, and each mail's `*_sent_at` is written as soon as the
 * relay accepts it, so a redelivered message never mails what was already sent.
 */
@Schema({
  collection: 'referrals',
  timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
  versionKey: false,
})
export class Referral {
  /** The gateway's UUID for the request. */
  @Prop({ type: String, required: true, unique: true })
  id!: string;

  @Prop({ type: String, required: true, enum: REFERRAL_STATUSES, default: 'received' })
  status!: ReferralStatus;

  /** Claims so far (each claim is one try at sending what is not yet sent). */
  @Prop({ type: Number, required: true, default: 0 })
  attempts!: number;

  @Prop({ type: String, default: null })
  last_error!: string | null;

  /** While `sending`: until when the claiming worker owns it. */
  @Prop({ type: Date, default: null })
  lease_until!: Date | null;

  @Prop({ type: Date, required: true })
  requested_at!: Date;

  @Prop({ type: String, default: null })
  patient_name!: string | null;

  @Prop({ type: String, required: true })
  patient_email!: string;

  @Prop({ type: String, required: true })
  patient_location!: string;

  @Prop({ type: [String], default: [] })
  top_conditions!: string[];

  @Prop({ type: [String], default: [] })
  key_symptoms!: string[];

  @Prop({ type: String, default: null })
  additional_info!: string | null;

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
