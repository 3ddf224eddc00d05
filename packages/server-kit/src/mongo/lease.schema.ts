import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * The lease of a document that one worker at a time may work on (a referral being mailed,
 * a weekly report run): a document's schema class extends this one. Who holds it, until
 * when, and how many times it was taken. A holder that dies keeps it until `lease_until`.
 */
export class Leased {
  /** Times it was taken, the first included: each take is one attempt at the work. */
  @Prop({ type: Number, required: true, default: 0 })
  attempts!: number;

  /** The process that holds it, or held it last. */
  @Prop({ type: String, default: null })
  lease_owner!: string | null;

  /** Until when the holder works on it undisturbed; nobody may take it before. Null: free. */
  @Prop({ type: Date, default: null })
  lease_until!: Date | null;
}

/**
 * The claim of one attempt at a leased document, `_id` `<collection>:<key>#<attempt>`.
 * Of the workers that find a lease run out, the unique `_id` lets exactly one insert the
 * next attempt's claim: an insert is atomic on MongoDB and FerretDB alike, whereas
 * FerretDB's findOneAndUpdate was seen to let two concurrent replicas match one filter.
 */
@Schema({ collection: 'lease_claims', versionKey: false })
export class LeaseClaim {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  owner!: string;

  /** The end of the claimed lease: a claimer that died before taking the document gives the attempt up then. */
  @Prop({ type: Date, required: true })
  expires_at!: Date;
}

export const LeaseClaimSchema = SchemaFactory.createForClass(LeaseClaim);
// Claims whose lease is long over are deleted by it.
LeaseClaimSchema.index({ expires_at: 1 });
