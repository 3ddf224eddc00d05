import {
  Validate,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/*
 * A row of the specialist directory's import file (the spec's surgeon record, section 3):
 * the one definition the importer checks each row with and the directory's schema takes its
 * limits from. The limits are ours (the spec gives none): long enough for any real name,
 * clinic or town, short enough that one bad row cannot fill the results page. A URL of
 * 2,048 characters is what every browser and CDN handles.
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

type TextField = keyof typeof SPECIALIST_LIMITS;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why a text field's value is unusable, or undefined when it is fine. */
export function textProblem(
  field: TextField,
  value: unknown,
  required: boolean,
): string | undefined {
  if (isBlank(value)) return required ? `${field} is required` : undefined;
  if (typeof value !== 'string') return `${field} must be text, got ${JSON.stringify(value)}`;
  const trimmed = value.trim();
  if (CONTROL.test(trimmed)) return `${field} must not contain control characters or line breaks`;
  const limit = SPECIALIST_LIMITS[field];
  if (trimmed.length > limit) {
    return `${field} is ${trimmed.length} characters long; at most ${limit} are allowed`;
  }
  if (field === 'id' && !SPECIALIST_ID_PATTERN.test(trimmed)) {
    return `id "${trimmed}" may only hold letters, digits, ".", "_" and "-", and must start with a letter or digit`;
  }
  if (field === 'url') return urlProblem(trimmed);
  return undefined;
}

/** Undefined when the URL is a usable https address; else why not. */
export function urlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `url "${url}" is not a web address`;
  }
  if (parsed.protocol !== 'https:') return `url "${url}" must start with https://`;
  if (!parsed.hostname.includes('.')) return `url "${url}" has no proper host name`;
  if (parsed.username || parsed.password)
    return `url "${url}" must not contain a user name or password`;
  return undefined;
}

/** Spellings a CSV cell may use for is_active (JSON has real booleans). */
export const CSV_BOOLEANS: Readonly<Record<string, boolean>> = {
  true: true,
  false: false,
  yes: true,
  no: false,
  '1': true,
  '0': false,
};

@ValidatorConstraint({ name: 'specialistText' })
class SpecialistText implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    const [field, required] = args.constraints as [TextField, boolean];
    return textProblem(field, value, required) === undefined;
  }

  defaultMessage(args: ValidationArguments): string {
    const [field, required] = args.constraints as [TextField, boolean];
    return textProblem(field, args.value, required) ?? `${field} is not valid`;
  }
}

@ValidatorConstraint({ name: 'specialistActive' })
class SpecialistActive implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'boolean';
  }

  defaultMessage(args: ValidationArguments): string {
    return isBlank(args.value)
      ? 'is_active is required (true or false)'
      : `is_active must be true or false (a CSV may also say yes/no or 1/0), got ${JSON.stringify(args.value)}`;
  }
}

/** A field's text, trimmed; absent stays absent so the rule can say it is required. */
const text = (field: TextField, required: boolean) => Validate(SpecialistText, [field, required]);

/** One row as the importer reads it: JSON values, or CSV cells with is_active already read as a flag when it is one of CSV_BOOLEANS. */
export class SpecialistRow {
  @JSONSchema({ maxLength: SPECIALIST_LIMITS.id, pattern: SPECIALIST_ID_PATTERN.source })
  @text('id', true)
  id: unknown;

  @JSONSchema({ maxLength: SPECIALIST_LIMITS.name })
  @text('name', true)
  name: unknown;

  @JSONSchema({ maxLength: SPECIALIST_LIMITS.specialty_note })
  @text('specialty_note', false)
  specialty_note: unknown;

  @JSONSchema({ maxLength: SPECIALIST_LIMITS.clinic })
  @text('clinic', true)
  clinic: unknown;

  @JSONSchema({ maxLength: SPECIALIST_LIMITS.location })
  @text('location', true)
  location: unknown;

  @JSONSchema({ maxLength: SPECIALIST_LIMITS.url, format: 'uri' })
  @text('url', true)
  url: unknown;

  @Validate(SpecialistActive)
  is_active: unknown;
}

/** The record a row that passed SpecialistRow stands for: text trimmed, no empty note. */
export function specialistRecordOf(row: SpecialistRow): SpecialistRecord {
  const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const note = trim(row.specialty_note);
  return {
    id: trim(row.id),
    name: trim(row.name),
    ...(note !== '' ? { specialty_note: note } : {}),
    clinic: trim(row.clinic),
    location: trim(row.location),
    url: trim(row.url),
    is_active: row.is_active === true,
  };
}
