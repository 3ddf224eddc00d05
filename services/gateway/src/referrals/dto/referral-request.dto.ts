import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';
import {
  ADDITIONAL_INFO_MAX,
  EMAIL_MAX,
  LOCATION_MAX,
  NAME_MAX,
  TOP_CONDITIONS_MAX,
} from '@handcheck/diagnosis';
import {
  sanitizeEmail,
  sanitizeList,
  sanitizeOptionalText,
  sanitizeText,
} from '../sanitize-referral';

/** Key symptoms per referral: the checker lists at most about a dozen (spec section 9). */
export const KEY_SYMPTOMS_MAX = 30;
/** A condition name or key symptom. */
export const LIST_ITEM_MAX = 200;

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';
export const LOCATION_REQUIRED_MESSAGE = 'Please enter your location.';

const clean =
  (sanitize: (value: unknown) => unknown) =>
  ({ value }: { value: unknown }) =>
    sanitize(value);

/**
 * The spec's referral body (section 7). Every field is cleaned as section 5 says
 * (the @Transform runs before validation), then checked against section 9's limits.
 * A missing field starts empty, so it gets one clear message (missing lists are empty).
 */
export class ReferralRequestDto {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NAME_MAX, example: 'Sam Taylor' })
  @Transform(clean(sanitizeOptionalText))
  @IsOptional()
  @IsString()
  @MaxLength(NAME_MAX, { message: `Your name can be at most ${NAME_MAX} characters.` })
  patient_name?: string | null;

  @ApiProperty({ maxLength: EMAIL_MAX, example: 'sam@example.org' })
  @Transform(clean(sanitizeEmail))
  @IsString({ message: INVALID_EMAIL_MESSAGE })
  @IsNotEmpty({ message: INVALID_EMAIL_MESSAGE })
  @MaxLength(EMAIL_MAX, { message: INVALID_EMAIL_MESSAGE })
  patient_email: string = '';

  @ApiProperty({ maxLength: LOCATION_MAX, example: 'Leeds, UK' })
  @Transform(clean(sanitizeText))
  @IsString({ message: LOCATION_REQUIRED_MESSAGE })
  @IsNotEmpty({ message: LOCATION_REQUIRED_MESSAGE })
  @MaxLength(LOCATION_MAX, { message: `Your location can be at most ${LOCATION_MAX} characters.` })
  patient_location: string = '';

  @ApiProperty({
    type: [String],
    maxItems: TOP_CONDITIONS_MAX,
    description: 'Names of the top conditions of the assessment, best first.',
    example: ['Carpal Tunnel Syndrome', 'Trigger Finger'],
  })
  @Transform(clean(sanitizeList))
  @IsArray({ message: 'top_conditions must be a list of condition names.' })
  @ArrayMaxSize(TOP_CONDITIONS_MAX, {
    message: `top_conditions can hold at most ${TOP_CONDITIONS_MAX} conditions.`,
  })
  @IsString({ each: true, message: 'top_conditions must be a list of condition names.' })
  @MaxLength(LIST_ITEM_MAX, {
    each: true,
    message: `Each of top_conditions can be at most ${LIST_ITEM_MAX} characters.`,
  })
  top_conditions: string[] = [];

  @ApiProperty({
    type: [String],
    maxItems: KEY_SYMPTOMS_MAX,
    example: ['Pain in: Wrist', 'Numbness'],
  })
  @Transform(clean(sanitizeList))
  @IsArray({ message: 'key_symptoms must be a list of symptoms.' })
  @ArrayMaxSize(KEY_SYMPTOMS_MAX, {
    message: `key_symptoms can hold at most ${KEY_SYMPTOMS_MAX} symptoms.`,
  })
  @IsString({ each: true, message: 'key_symptoms must be a list of symptoms.' })
  @MaxLength(LIST_ITEM_MAX, {
    each: true,
    message: `Each of key_symptoms can be at most ${LIST_ITEM_MAX} characters.`,
  })
  key_symptoms: string[] = [];

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: ADDITIONAL_INFO_MAX,
    example: null,
  })
  @Transform(clean(sanitizeOptionalText))
  @IsOptional()
  @IsString()
  @MaxLength(ADDITIONAL_INFO_MAX, {
    message: `Additional information can be at most ${ADDITIONAL_INFO_MAX} characters.`,
  })
  additional_info?: string | null;
}

/** What every answer of POST /api/referrals carries (spec section 7: success and error). */
export class ReferralAnswerDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ type: String, nullable: true, example: null })
  error!: string | null;

  @ApiPropertyOptional({ format: 'uuid', description: 'The referral id (on success).' })
  id?: string;
}

/** A refusal: the spec's `{success: false, error}` alongside our usual error fields. */
export class ReferralErrorDto {
  @ApiProperty({ example: false })
  success!: boolean;

  @ApiProperty({ example: 'Please enter a valid email address.' })
  error!: string;

  @ApiProperty({ example: 400 })
  statusCode!: number;

  @ApiProperty({ format: 'date-time' })
  timestamp!: string;

  @ApiProperty({ example: '/api/referrals' })
  path!: string;

  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] })
  message!: string | string[];
}
