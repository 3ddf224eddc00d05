import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  Equals,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  type ValidationArguments,
  type ValidationOptions,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { IsEmailAddress } from '../validation/is-email-address';
import {
  REFERRAL_CLEANING as CLEAN,
  REFERRAL_CONDITIONS,
  REFERRAL_LIMITS as LIMITS,
  REFERRAL_MESSAGES as MESSAGES,
  type ReferralBody,
} from './referral-fields';

const isText = (value: unknown): value is string => typeof value === 'string';
const isTextList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every(isText);
const tooLong = (value: string, max: number) => value.length > max;

/*
 * Types are checked before anything is cleaned. The cleaning (spec section 5) makes empty
 * text of a value that is not a string, so an object sent as a name would pass as a name
 * left out and a list of numbers as an empty list; the form only ever sends text. So a
 * value of another JSON type (null included) is left as sent, for the rules to refuse.
 */

/**
 * Text cleaned, unless as sent it is longer than its limit: then it is left as sent, for
 * @MaxLength to refuse. The form's inputs cannot send more than the limit, and so the API
 * document's lengths hold for the body as sent, not only once cleaning (tags, control and
 * invisible characters, outer space) has shortened it.
 */
const cleaned =
  (clean: (value: string) => unknown, max: number) =>
  ({ value }: { value: unknown }) =>
    isText(value) && !tooLong(value, max) ? clean(value) : value;

/** The same for a list of text, by the limit on each item. */
const cleanedList =
  (clean: (value: string[]) => unknown, itemMax: number) =>
  ({ value }: { value: unknown }) =>
    isTextList(value) && !value.some((item) => tooLong(item, itemMax)) ? clean(value) : value;

/**
 * A rule's message for text, and `notText` for a value that is not text: every rule of the
 * field then fails with that one message (a field's equal messages are given once).
 */
const forText = (message: string, notText: string): ValidationOptions => ({
  message: (args: ValidationArguments) => (isText(args.value) ? message : notText),
});

/** The same for a list's rules, judged on the whole list (class-validator gives it for `each`). */
const forTextList = (message: string, notList: string, each = true): ValidationOptions => ({
  each,
  message: (args: ValidationArguments) => (isTextList(args.value) ? message : notList),
});

/**
 * For the API document: a character that cleaning keeps, so not white space, a control or a
 * format character (the Basic Multilingual Plane's Cf; a pattern without the `u` flag cannot
 * name the others, and no location is made of those alone).
 */
export const VISIBLE_CHARACTER_PATTERN =
  '[^\\s\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u0600-\\u0605\\u061c\\u06dd\\u070f\\u0890\\u0891' +
  '\\u08e2\\u180e\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\ufeff\\ufff9-\\ufffb]';

/**
 * The referral request: the one definition the gateway validates bodies with, the referral
 * consumer checks each decoded message with, and the OpenAPI schema is generated from. Its
 * fields are the ReferralRequested message's, by their proto names, so a body becomes that
 * message by protobuf's JSON mapping and the message's JSON form is a body again.
 * Each field of the right JSON type is cleaned first (the @Transform runs before
 * validation), then checked; a missing field starts empty, so it gets one clear message
 * (missing lists are empty).
 */
export class ReferralRequestBody implements ReferralBody {
  // The message's idempotency key is the gateway's, never the sender's: a body sent twice
  // is two referrals, and one body cannot pass itself off as another referral.
  @JSONSchema({ readOnly: true, description: MESSAGES.idSetByHandCheck })
  @Equals(undefined, { message: MESSAGES.idSetByHandCheck })
  id?: undefined;

  @JSONSchema({ readOnly: true, description: MESSAGES.requestedAtSetByHandCheck })
  @Equals(undefined, { message: MESSAGES.requestedAtSetByHandCheck })
  requested_at?: undefined;

  @JSONSchema({ example: 'Sam Taylor', nullable: true })
  @Transform(cleaned(CLEAN.patient_name, LIMITS.name))
  @IsOptional()
  @IsString({ message: MESSAGES.nameNotText })
  @MaxLength(LIMITS.name, forText(MESSAGES.nameTooLong, MESSAGES.nameNotText))
  patient_name: string | null = null;

  @JSONSchema({ example: 'sam@example.org' })
  @Transform(cleaned(CLEAN.patient_email, LIMITS.email))
  @IsString({ message: MESSAGES.invalidEmail })
  @IsNotEmpty({ message: MESSAGES.invalidEmail })
  @MaxLength(LIMITS.email, { message: MESSAGES.invalidEmail })
  @IsEmailAddress({ message: MESSAGES.invalidEmail })
  patient_email: string = '';

  @JSONSchema({ example: 'Leeds, UK', pattern: VISIBLE_CHARACTER_PATTERN })
  @Transform(cleaned(CLEAN.patient_location, LIMITS.location))
  @IsString({ message: MESSAGES.locationRequired })
  @IsNotEmpty({ message: MESSAGES.locationRequired })
  @MaxLength(LIMITS.location, forText(MESSAGES.locationTooLong, MESSAGES.locationRequired))
  patient_location: string = '';

  @JSONSchema({
    description:
      "Names of the top conditions of the assessment, best first: each one of the symptom checker's conditions.",
    example: ['Carpal Tunnel Syndrome', 'Trigger Finger'],
  })
  @Transform(cleanedList(CLEAN.top_conditions, LIMITS.listItem))
  @IsArray({ message: MESSAGES.topConditionsNotList })
  @ArrayMaxSize(
    LIMITS.topConditions,
    forTextList(MESSAGES.topConditionsTooMany, MESSAGES.topConditionsNotList, false),
  )
  @IsString({ each: true, message: MESSAGES.topConditionsNotList })
  @MaxLength(
    LIMITS.listItem,
    forTextList(MESSAGES.topConditionTooLong, MESSAGES.topConditionsNotList),
  )
  @IsIn(
    REFERRAL_CONDITIONS,
    forTextList(MESSAGES.topConditionUnknown, MESSAGES.topConditionsNotList),
  )
  top_conditions: string[] = [];

  @JSONSchema({ example: ['Pain in: Wrist', 'Numbness'] })
  @Transform(cleanedList(CLEAN.key_symptoms, LIMITS.listItem))
  @IsArray({ message: MESSAGES.keySymptomsNotList })
  @ArrayMaxSize(
    LIMITS.keySymptoms,
    forTextList(MESSAGES.keySymptomsTooMany, MESSAGES.keySymptomsNotList, false),
  )
  @IsString({ each: true, message: MESSAGES.keySymptomsNotList })
  @MaxLength(LIMITS.listItem, forTextList(MESSAGES.keySymptomTooLong, MESSAGES.keySymptomsNotList))
  key_symptoms: string[] = [];

  @JSONSchema({ example: null, nullable: true })
  @Transform(cleaned(CLEAN.additional_info, LIMITS.additionalInfo))
  @IsOptional()
  @IsString({ message: MESSAGES.additionalInfoNotText })
  @MaxLength(
    LIMITS.additionalInfo,
    forText(MESSAGES.additionalInfoTooLong, MESSAGES.additionalInfoNotText),
  )
  additional_info: string | null = null;
}
