import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

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
