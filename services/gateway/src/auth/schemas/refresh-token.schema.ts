import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { type HydratedDocument } from 'mongoose';

/**
 * One refresh token, stored as its SHA-256 (the token itself is 256 random bits, so a fast
 * hash is enough and a leaked collection gives nothing usable). Tokens of one sign-in share
 * a family; each refresh marks the presented token used and issues the next of the family.
 */
@Schema({ collection: 'admin_refresh_tokens', timestamps: true })
export class RefreshToken {
  @Prop({ type: String, required: true, unique: true })
  tokenHash!: string;

  @Prop({ type: String, required: true, index: true })
  familyId!: string;

  @Prop({ type: String, required: true })
  userId!: string;

  @Prop({ type: String, required: true })
  email!: string;

  @Prop({ type: Date, required: true })
  expiresAt!: Date;

  /** Set when the token was exchanged for the next one; presenting it again is reuse. */
  @Prop({ type: Date })
  usedAt?: Date;

  /** Set on the whole family at sign-out or on reuse. */
  @Prop({ type: Date })
  revokedAt?: Date;
}

export type RefreshTokenDocument = HydratedDocument<RefreshToken>;
export const RefreshTokenSchema = SchemaFactory.createForClass(RefreshToken);
