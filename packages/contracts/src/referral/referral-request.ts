import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { IsEmailAddress } from '../validation/is-email-address';
import {
  REFERRAL_CLEANING as CLEAN,
  REFERRAL_LIMITS as LIMITS,
  REFERRAL_MESSAGES as MESSAGES,
  type ReferralBody,
} from './referral-fields';

const tooLong = (value: unknown, max: number) => typeof value === 'string' && value.length > max;

/**
 * The field cleaned (spec section 5), unless as sent it is longer than its limit: then it is
 * left as sent, for @MaxLength to refuse. The form's inputs cannot send more than the limit,
 * and so the API document's lengths hold for the body as sent, not only once cleaning (tags,
 * control characters, outer space) has shortened it.
 */
const cleaned =
  (clean: (value: unknown) => unknown, max: number) =>
  ({ value }: { value: unknown }) =>
    tooLong(value, max) ? value : clean(value);

/** The same for a list, by the limit on each item. */
const cleanedList =
  (clean: (value: unknown) => unknown, itemMax: number) =>
  ({ value }: { value: unknown }) =>
    Array.isArray(value) && value.some((item) => tooLong(item, itemMax)) ? value : clean(value);

/**
 * The referral request: the one definition the gateway validates bodies with, the referral
 * consumer checks each decoded message with, and the OpenAPI schema is generated from.
 * Each field is cleaned first (the @Transform runs before validation), then checked; a
 * missing field starts empty, so it gets one clear message (missing lists are empty).
 */
export class ReferralRequestBody implements ReferralBody {
  @JSONSchema({ example: 'Sam Taylor', nullable: true })
  @Transform(cleaned(CLEAN.patient_name, LIMITS.name))
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.name, { message: MESSAGES.nameTooLong })
  patient_name: string | null = null;

  @JSONSchema({ example: 'sam@example.org' })
  @Transform(cleaned(CLEAN.patient_email, LIMITS.email))
  @IsString({ message: MESSAGES.invalidEmail })
  @IsNotEmpty({ message: MESSAGES.invalidEmail })
  @MaxLength(LIMITS.email, { message: MESSAGES.invalidEmail })
  @IsEmailAddress({ message: MESSAGES.invalidEmail })
  patient_email: string = '';

  // For the API document: a character that cleaning keeps (not space, not a control).
  @JSONSchema({ example: 'Leeds, UK', pattern: '[^\\s\\u0000-\\u001f\\u007f\\ufeff]' })
  @Transform(cleaned(CLEAN.patient_location, LIMITS.location))
  @IsString({ message: MESSAGES.locationRequired })
  @IsNotEmpty({ message: MESSAGES.locationRequired })
  @MaxLength(LIMITS.location, { message: MESSAGES.locationTooLong })
  patient_location: string = '';

  @JSONSchema({
    description: 'Names of the top conditions of the assessment, best first.',
    example: ['Carpal Tunnel Syndrome', 'Trigger Finger'],
  })
  @Transform(cleanedList(CLEAN.top_conditions, LIMITS.listItem))
  @IsArray({ message: MESSAGES.topConditionsNotList })
  @ArrayMaxSize(LIMITS.topConditions, { message: MESSAGES.topConditionsTooMany })
  @IsString({ each: true, message: MESSAGES.topConditionsNotList })
  @MaxLength(LIMITS.listItem, { each: true, message: MESSAGES.topConditionTooLong })
  top_conditions: string[] = [];

  @JSONSchema({ example: ['Pain in: Wrist', 'Numbness'] })
  @Transform(cleanedList(CLEAN.key_symptoms, LIMITS.listItem))
  @IsArray({ message: MESSAGES.keySymptomsNotList })
  @ArrayMaxSize(LIMITS.keySymptoms, { message: MESSAGES.keySymptomsTooMany })
  @IsString({ each: true, message: MESSAGES.keySymptomsNotList })
  @MaxLength(LIMITS.listItem, { each: true, message: MESSAGES.keySymptomTooLong })
  key_symptoms: string[] = [];

  @JSONSchema({ example: null, nullable: true })
  @Transform(cleaned(CLEAN.additional_info, LIMITS.additionalInfo))
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.additionalInfo, { message: MESSAGES.additionalInfoTooLong })
  additional_info: string | null = null;
}
