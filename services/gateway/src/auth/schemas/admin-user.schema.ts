import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { type HydratedDocument } from 'mongoose';

/**
 * An administrator. The email is stored lower-cased, so the unique index is case-insensitive.
 * Types are explicit: the admin:create command runs under tsx, which emits no decorator metadata.
 */
@Schema({ collection: 'admin_users', timestamps: true })
export class AdminUser {
  @Prop({ type: String, required: true, unique: true, lowercase: true, trim: true })
  email!: string;

  /** argon2id, PHC string (parameters included). */
  @Prop({ type: String, required: true })
  passwordHash!: string;

  @Prop({ type: Date })
  lastLoginAt?: Date;
}

export type AdminUserDocument = HydratedDocument<AdminUser>;
export const AdminUserSchema = SchemaFactory.createForClass(AdminUser);
