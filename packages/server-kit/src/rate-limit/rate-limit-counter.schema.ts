import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One rate-limit counter, as rate-limiter-flexible's Mongo store writes it. This schema only
 * declares the unique key index, built at start on MongoDB and FerretDB alike; MongoLimitStore
 * reads and writes the documents.
 */
@Schema({ versionKey: false })
export class RateLimitCounter {
  /** `<limit>:<keyed hash>`, never an address or an email. */
  @Prop({ type: String, required: true, unique: true })
  key!: string;

  @Prop({ type: Number, required: true })
  points!: number;

  @Prop({ type: Date })
  expire?: Date;
}

export const RateLimitCounterSchema = SchemaFactory.createForClass(RateLimitCounter);
