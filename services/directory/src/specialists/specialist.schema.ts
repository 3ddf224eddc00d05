import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { type HydratedDocument } from 'mongoose';
import { SPECIALIST_LIMITS } from '@handcheck/contracts';

/** A specialist surgeon (the spec's surgeon record). Loaded by `npm run directory:import`. */
// Types spelt out: the import command runs under tsx, which emits no decorator metadata.
// id: false: our own `id` field, not mongoose's virtual over _id.
@Schema({ collection: 'specialists', timestamps: true, id: false })
export class Specialist {
  /** The importer's stable key; imports upsert on it. */
  @Prop({ type: String, required: true, unique: true, maxlength: SPECIALIST_LIMITS.id })
  id!: string;

  @Prop({ type: String, required: true, maxlength: SPECIALIST_LIMITS.name })
  name!: string;

  @Prop({ type: String, maxlength: SPECIALIST_LIMITS.specialty_note })
  specialty_note?: string;

  @Prop({ type: String, required: true, maxlength: SPECIALIST_LIMITS.clinic })
  clinic!: string;

  @Prop({ type: String, required: true, maxlength: SPECIALIST_LIMITS.location })
  location!: string;

  @Prop({ type: String, required: true, maxlength: SPECIALIST_LIMITS.url })
  url!: string;

  @Prop({ type: Boolean, required: true })
  is_active!: boolean;

  createdAt?: Date;
  updatedAt?: Date;
}

export type SpecialistDocument = HydratedDocument<Specialist>;
export const SpecialistSchema = SchemaFactory.createForClass(Specialist);

// The one read: active ones, by location then name. Equality first, then the sort keys,
// so the index both filters and orders (no in-memory sort).
SpecialistSchema.index({ is_active: 1, location: 1, name: 1 }, { name: 'active_by_location_name' });
