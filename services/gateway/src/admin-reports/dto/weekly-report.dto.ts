import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class DailyVisitsDto {
  @ApiProperty({
    example: '2026-11-16',
    description: 'Calendar day (YYYY-MM-DD) in the report time zone (Europe/London by default).',
  })
  date!: string;

  @ApiProperty({ example: 212, minimum: 0 })
  visits!: number;
}

export class PageVisitsDto {
  @ApiProperty({ example: '/conditions/trigger-finger' })
  page!: string;

  @ApiProperty({ example: 97, minimum: 0 })
  visits!: number;
}

export class ReferrerVisitsDto {
  @ApiProperty({
    example: 'www.google.com',
    description: "Host of the referring page; '(direct)' when none.",
  })
  referrer!: string;

  @ApiProperty({ example: 64, minimum: 0 })
  visits!: number;
}

/** The spec's weekly stats (section 3). A visit is one page load (a site_visits row; docs/analytics.md). */
export class WeeklyStatsDto {
  @ApiProperty({
    example: 1684,
    minimum: 0,
    description: 'Visits in the last 7 whole days (midnight to midnight, Europe/London).',
  })
  totalVisits!: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 219.5,
    description:
      'Change against the previous 7 days in percent, one decimal (may be negative); null when the previous week had no visits.',
  })
  weekOverWeekGrowth!: number | null;

  @ApiProperty({ example: 527, minimum: 0, description: 'Visits in the 7 days before those.' })
  previousWeekTotal!: number;

  @ApiProperty({
    type: [DailyVisitsDto],
    description: 'Each of the 7 days, oldest first; 0 on a day without visits.',
  })
  dailyBreakdown!: DailyVisitsDto[];

  @ApiProperty({
    type: [PageVisitsDto],
    maxItems: 3,
    description: 'The 3 most visited pages, most first.',
  })
  topPages!: PageVisitsDto[];

  @ApiProperty({
    type: [ReferrerVisitsDto],
    maxItems: 3,
    description: 'The 3 most frequent referrers, most first.',
  })
  topReferrers!: ReferrerVisitsDto[];
}

export class WeeklyTestDataDto {
  @ApiProperty({
    example: '<3b1f0c2e-…@handcheck.local>',
    description: 'Message-ID of the mail the relay accepted.',
  })
  emailId!: string;

  @ApiProperty({ type: WeeklyStatsDto })
  stats!: WeeklyStatsDto;
}

/** The spec's weekly test response (section 3): success flag, error text, data. */
export class WeeklyTestResultDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiPropertyOptional({ type: WeeklyTestDataDto, description: 'Present when success is true.' })
  data?: WeeklyTestDataDto;

  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'Why it failed; null on success.',
  })
  error!: string | null;
}
