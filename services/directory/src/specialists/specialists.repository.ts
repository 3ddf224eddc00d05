import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';
import { type SpecialistRecord } from '@handcheck/contracts';
import { Specialist } from './specialist.schema';

export interface UpsertOutcome {
  /** Records given. */
  total: number;
  inserted: number;
  updated: number;
  unchanged: number;
}

/** The specialists collection: what the service reads and the importer writes. */
@Injectable()
export class SpecialistsRepository {
  constructor(@InjectModel(Specialist.name) private readonly model: Model<Specialist>) {}

  /** Specialists held (an estimate from the collection's metadata). */
  count(): Promise<number> {
    return this.model.estimatedDocumentCount();
  }

  /** Active specialists ordered by location, then name, ascending (index active_by_location_name). */
  async listActive(): Promise<SpecialistRecord[]> {
    const rows = await this.model
      .find({ is_active: true })
      .sort({ location: 1, name: 1 })
      .lean()
      .exec();
    return rows.map(toRecord);
  }

  /**
   * Upserts every record by id in one bulkWrite. Records not given are left as they are: to
   * take a specialist off the page, import them with is_active false.
   */
  async upsert(records: SpecialistRecord[]): Promise<UpsertOutcome> {
    await this.model.createIndexes();
    const result = await this.model.bulkWrite(
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
}

export function toRecord(row: Specialist): SpecialistRecord {
  return {
    id: row.id,
    name: row.name,
    ...(row.specialty_note ? { specialty_note: row.specialty_note } : {}),
    clinic: row.clinic,
    location: row.location,
    url: row.url,
    is_active: row.is_active,
  };
}
