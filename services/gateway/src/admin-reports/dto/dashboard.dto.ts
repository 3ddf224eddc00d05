import { ApiProperty } from '@nestjs/swagger';
import { DailyVisitsDto } from './weekly-report.dto';

export class CheckerFunnelDto {
  @ApiProperty({
    example: 966,
    minimum: 0,
    description: 'Sessions that started the questionnaire.',
  })
  started!: number;

  @ApiProperty({
    example: 958,
    minimum: 0,
    description:
      'Sessions that answered the emergency check, between starting and step 1 (each stage counts the sessions that reached it or any later stage).',
  })
  emergencyCheckCompleted!: number;

  @ApiProperty({
    type: [Number],
    example: [907, 854, 810, 763, 730, 705],
    description: 'Sessions that completed step 1 … 6.',
  })
  stepsCompleted!: number[];

  @ApiProperty({ example: 705, minimum: 0, description: 'Sessions that finished it.' })
  completed!: number;
}

export class ConditionCountDto {
  @ApiProperty({ example: 'Carpal Tunnel Syndrome' })
  condition!: string;

  @ApiProperty({ example: 169, minimum: 0 })
  completions!: number;
}

/** The admin dashboard's charts, over the last 28 whole days (Europe/London). */
export class DashboardDto {
  @ApiProperty({
    type: [DailyVisitsDto],
    description: 'Each of the last 28 whole days, oldest first; 0 on a day without visits.',
  })
  dailyVisits!: DailyVisitsDto[];

  @ApiProperty({ type: CheckerFunnelDto })
  funnel!: CheckerFunnelDto;

  @ApiProperty({
    type: [ConditionCountDto],
    description:
      'Most frequent first-ranked conditions of finished questionnaires, most first (at most 5).',
  })
  topConditions!: ConditionCountDto[];
}
