import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * A refresh token that has been exchanged, keyed by its hash. Rotation claims a token by
 * inserting its claim: `_id` is unique on MongoDB and FerretDB alike and an insert either
 * happens or fails whole, so of any number of requests presenting one token exactly one wins;
 * every other one sees the duplicate and is reuse (FerretDB runs a conditional
 * findOneAndUpdate as a read then a write, which let two concurrent refreshes both win).
 */
@Schema({ collection: 'admin_refresh_claims', versionKey: false })
export class RefreshClaim {
  /** SHA-256 of the refresh token. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  familyId!: string;

  @Prop({ type: Date, required: true })
  claimedAt!: Date;
}

export const RefreshClaimSchema = SchemaFactory.createForClass(RefreshClaim);
