import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One sign-in: the family of refresh tokens it rotates through, and every access token issued
 * to it (their `sid` claim). Keyed by the family id, so every check is a lookup by `_id` (the
 * one filter FerretDB answers from an index). Revoking the family ends the sign-in at once:
 * its refresh tokens stop rotating and its access tokens stop passing the guard.
 */
@Schema({ collection: 'admin_sessions', timestamps: true, versionKey: false })
export class AdminSession {
  /** The family id. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  userId!: string;

  /** A sign-in lasts 12 hours however often it refreshes. */
  @Prop({ type: Date, required: true })
  expiresAt!: Date;

  /** Set at sign-out, on refresh-token reuse, or when its admin is found deleted. */
  @Prop({ type: Date })
  revokedAt?: Date;
}

export const AdminSessionSchema = SchemaFactory.createForClass(AdminSession);
