import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

export const DEAD_LETTER_KINDS = ['mail', 'unreadable'] as const;
export type DeadLetterKind = (typeof DEAD_LETTER_KINDS)[number];

/**
 * One dead-lettered referral message, kept so that it never vanishes: listed for the admin
 * and counted on /metrics until it is retried or past REFERRAL_RETENTION_DAYS. A small
 * collection of its own, read by `_id` or in full, so listing never scans `referrals`
 * (FerretDB reads every document for any filter but `_id`). No personal data: a
 * referral's id, where the message was, why, and when.
 */
@Schema({
  collection: 'referral_dead_letters',
  timestamps: { createdAt: 'created_at', updatedAt: false },
  versionKey: false,
})
export class DeadLetter {
  /**
   * `referral:<id>` for a referral whose mail failed (one per referral, however often it
   * fails); `message:<topic>/<partition>/<offset>` for one that could not be read, which
   * is stable across redeliveries of that message.
   */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true, enum: DEAD_LETTER_KINDS })
  kind!: DeadLetterKind;

  /** The referral's id when the message had one. */
  @Prop({ type: String, default: null })
  referral_id!: string | null;

  /** Where the message was: `<topic>/<partition>/<offset>`. */
  @Prop({ type: String, required: true })
  source!: string;

  /** Why, with any address taken out. */
  @Prop({ type: String, required: true })
  reason!: string;

  @Prop({ type: Number, default: 0 })
  attempts!: number;

  /** When it was dead-lettered (last). */
  @Prop({ type: Date, required: true })
  failed_at!: Date;

  created_at!: Date;
}

export const DeadLetterSchema = SchemaFactory.createForClass(DeadLetter);
// The retention purge deletes by age.
DeadLetterSchema.index({ created_at: 1 });
