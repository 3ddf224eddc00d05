import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';
import { type SpecialistRecord } from '@handcheck/contracts';
import { Specialist } from './specialist.schema';

/** The specialists collection: what the service reads and the importer writes. */
@Injectable()
export class SpecialistsRepository {
  constructor(@InjectModel(Specialist.name) private readonly model: Model<Specialist>) {}

  /** Active specialists ordered by location, then name, ascending (index active_by_location_name). */
  async listActive(): Promise<SpecialistRecord[]> {
    const rows = await this.model
      .find({ is_active: true })
      .sort({ location: 1, name: 1 })
      .lean()
      .exec();
    return rows.map(toRecord);
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
