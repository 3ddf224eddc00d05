import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { LOGIN_LIMITS_COLLECTION } from '../auth.constants';

/**
 * One sign-in throttle counter, as rate-limiter-flexible's Mongo store writes it (see
 * LoginThrottle, which reads and writes it; this schema only declares the collection and its
 * unique index, built at start on MongoDB and FerretDB alike). No TTL index: FerretDB does
 * not implement one, so LoginThrottle deletes expired counters itself.
 */
@Schema({ collection: LOGIN_LIMITS_COLLECTION, versionKey: false })
export class LoginLimit {
  /** `<limit>:<keyed hash>`, never an address or an email. */
  @Prop({ type: String, required: true, unique: true })
  key!: string;

  @Prop({ type: Number, required: true })
  points!: number;

  @Prop({ type: Date })
  expire?: Date;
}

export const LoginLimitSchema = SchemaFactory.createForClass(LoginLimit);
