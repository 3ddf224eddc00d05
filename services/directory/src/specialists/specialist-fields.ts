/**
 * The spec's surgeon record (section 3) and its limits, shared by the schema and the
 * importer so the two cannot disagree. The limits are ours (the spec gives none): long
 * enough for any real name, clinic or town, short enough that one bad row cannot fill
 * the results page. A URL of 2,048 characters is what every browser and CDN handles.
 */
export const SPECIALIST_LIMITS = {
  id: 64,
  name: 100,
  specialty_note: 200,
  clinic: 100,
  location: 100,
  url: 2048,
} as const;

/** Ids are stable keys chosen by whoever keeps the data: letters, digits, `.`, `_`, `-`. */
export const SPECIALIST_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** One specialist as stored and imported (snake_case, as the spec names the fields). */
export interface SpecialistRecord {
  id: string;
  name: string;
  /** Absent when the record has none (never an empty string). */
  specialty_note?: string;
  clinic: string;
  location: string;
  url: string;
  is_active: boolean;
}

export const SPECIALIST_FIELDS = [
  'id',
  'name',
  'specialty_note',
  'clinic',
  'location',
  'url',
  'is_active',
] as const satisfies ReadonlyArray<keyof SpecialistRecord>;
