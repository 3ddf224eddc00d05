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

const cleaned =
  (clean: (value: unknown) => unknown) =>
  ({ value }: { value: unknown }) =>
    clean(value);

/**
 * The referral request: the one definition the gateway validates bodies with, the referral
 * consumer checks each decoded message with, and the OpenAPI schema is generated from.
 * Each field is cleaned first (the @Transform runs before validation), then checked; a
 * missing field starts empty, so it gets one clear message (missing lists are empty).
 */
export class ReferralRequestBody implements ReferralBody {
  @JSONSchema({ example: 'Sam Taylor', nullable: true })
  @Transform(cleaned(CLEAN.patient_name))
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.name, { message: MESSAGES.nameTooLong })
  patient_name: string | null = null;

  @JSONSchema({ example: 'sam@example.org' })
  @Transform(cleaned(CLEAN.patient_email))
  @IsString({ message: MESSAGES.invalidEmail })
  @IsNotEmpty({ message: MESSAGES.invalidEmail })
  @MaxLength(LIMITS.email, { message: MESSAGES.invalidEmail })
  @IsEmailAddress({ message: MESSAGES.invalidEmail })
  patient_email: string = '';

  @JSONSchema({ example: 'Leeds, UK' })
  @Transform(cleaned(CLEAN.patient_location))
  @IsString({ message: MESSAGES.locationRequired })
  @IsNotEmpty({ message: MESSAGES.locationRequired })
  @MaxLength(LIMITS.location, { message: MESSAGES.locationTooLong })
  patient_location: string = '';

  @JSONSchema({
    description: 'Names of the top conditions of the assessment, best first.',
    example: ['Carpal Tunnel Syndrome', 'Trigger Finger'],
  })
  @Transform(cleaned(CLEAN.top_conditions))
  @IsArray({ message: MESSAGES.topConditionsNotList })
  @ArrayMaxSize(LIMITS.topConditions, { message: MESSAGES.topConditionsTooMany })
  @IsString({ each: true, message: MESSAGES.topConditionsNotList })
  @MaxLength(LIMITS.listItem, { each: true, message: MESSAGES.topConditionTooLong })
  top_conditions: string[] = [];

  @JSONSchema({ example: ['Pain in: Wrist', 'Numbness'] })
  @Transform(cleaned(CLEAN.key_symptoms))
  @IsArray({ message: MESSAGES.keySymptomsNotList })
  @ArrayMaxSize(LIMITS.keySymptoms, { message: MESSAGES.keySymptomsTooMany })
  @IsString({ each: true, message: MESSAGES.keySymptomsNotList })
  @MaxLength(LIMITS.listItem, { each: true, message: MESSAGES.keySymptomTooLong })
  key_symptoms: string[] = [];

  @JSONSchema({ example: null, nullable: true })
  @Transform(cleaned(CLEAN.additional_info))
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.additionalInfo, { message: MESSAGES.additionalInfoTooLong })
  additional_info: string | null = null;
}
