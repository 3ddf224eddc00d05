import { ApiProperty } from '@nestjs/swagger';

export const FAILURE_KINDS = ['mail', 'unreadable'] as const;
export const RETRY_OUTCOMES = ['sent', 'already_sent', 'failed'] as const;

/** One referral that did not go out. No patient's name, address, location or symptoms. */
export class FailedReferralDto {
  @ApiProperty({
    example: '3f2b8c9e-1d4a-4b6c-9e2f-0a1b2c3d4e5f',
    description:
      'The referral id (kind `mail`); for a message that could not be read, where it was: `<topic>/<partition>/<offset>`.',
  })
  key!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    format: 'uuid',
    example: '3f2b8c9e-1d4a-4b6c-9e2f-0a1b2c3d4e5f',
    description: 'The referral id, when the message had one.',
  })
  referralId!: string | null;

  @ApiProperty({
    enum: FAILURE_KINDS,
    example: 'mail',
    description:
      '`mail`: its mail was not sent and it can be retried; `unreadable`: the message could not be read as a referral, only its reason is kept.',
  })
  kind!: (typeof FAILURE_KINDS)[number];

  @ApiProperty({
    example: 'mail not sent after 5 attempt(s): Connection refused',
    description: 'Why, without any address in it.',
  })
  reason!: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-26T09:30:00.000Z' })
  failedAt!: string;

  @ApiProperty({ example: 5, minimum: 0, description: 'Tries at sending so far.' })
  attempts!: number;
}

/** The dashboard's failed-referrals card: how many, and the newest. */
export class FailedReferralsDto {
  @ApiProperty({
    example: 1,
    minimum: 0,
    description: 'How many are kept in all (at most REFERRAL_RETENTION_DAYS old).',
  })
  total!: number;

  @ApiProperty({ type: [FailedReferralDto], description: 'The newest first (at most 20).' })
  failed!: FailedReferralDto[];
}

export class RetryReferralDto {
  @ApiProperty({
    description: 'True when both mails are now sent (by this retry or before it).',
  })
  success!: boolean;

  @ApiProperty({
    enum: RETRY_OUTCOMES,
    example: 'sent',
    description:
      '`sent`: mailed now; `already_sent`: both mails went before, nothing was sent again; `failed`: the relay refused again and the referral stays failed.',
  })
  outcome!: (typeof RETRY_OUTCOMES)[number];

  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'Why it failed again; null otherwise.',
  })
  error!: string | null;
}
