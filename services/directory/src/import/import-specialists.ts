import { type Connection, type Model } from 'mongoose';
import { type SpecialistRecord } from '@handcheck/contracts';
import { Specialist, SpecialistSchema } from '../specialists/specialist.schema';

export interface ImportOutcome {
  /** Rows the file had (all valid). */
  total: number;
  inserted: number;
  updated: number;
  unchanged: number;
}

/** The specialists model on a connection (the service's, or the CLI's own). */
export function specialistModel(connection: Connection): Model<Specialist> {
  return (
    (connection.models[Specialist.name] as Model<Specialist> | undefined) ??
    connection.model(Specialist.name, SpecialistSchema)
  );
}

/**
 * Upserts every record by id in one bulkWrite. Records not in the file are left as
 * they are: to take a specialist off the page, import them with is_active false.
 */
export async function upsertSpecialists(
  model: Model<Specialist>,
  records: SpecialistRecord[],
): Promise<ImportOutcome> {
  await model.createIndexes();
  const result = await model.bulkWrite(
    records.map((record) => {
      const { specialty_note: note, ...rest } = record;
      return {
        updateOne: {
          filter: { id: record.id },
          update:
            note === undefined
              ? { $set: rest, $unset: { specialty_note: 1 } }
              : { $set: { ...rest, specialty_note: note } },
          upsert: true,
        },
      };
    }),
    { ordered: true },
  );
  const inserted = result.upsertedCount;
  const updated = result.modifiedCount;
  return {
    total: records.length,
    inserted,
    updated,
    unchanged: records.length - inserted - updated,
  };
}
