import {
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  Min,
  Max,
  ValidateIf,
} from 'class-validator';

export const CHECKER_EVENT_TYPES = [
  'symptom_checker_started',
  'symptom_checker_step_completed',
  'symptom_checker_completed',
  'diagnosis_received',
  'referral_requested',
] as const;

export const EVENT_TYPES = [
  'session_start',
  'page_view',
  'site_visit',
  'broken_link',
  'session_duration',
  'checker_completion',
  ...CHECKER_EVENT_TYPES,
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

const PATH = /^\/[^\s]*$/;

/** Fields every browser event carries. */
export class BaseEventDto {
  @IsIn(EVENT_TYPES as unknown as string[], {
    message: `type must be one of: ${EVENT_TYPES.join(', ')}`,
  })
  type!: EventType;

  @IsUUID('all', { message: 'id must be a UUID' })
  id!: string;

  @IsString()
  @Matches(/^[A-Za-z0-9-]{8,64}$/, {
    message: 'sessionId must be 8 to 64 letters, digits or dashes',
  })
  sessionId!: string;

  /** Milliseconds since the epoch, from the browser's clock. */
  @IsInt({ message: 'at must be a time in milliseconds' })
  @Min(0)
  at!: number;

  @IsString()
  @MaxLength(2048)
  @Matches(PATH, { message: 'path must start with / and contain no spaces' })
  path!: string;

  @IsOptional()
  @IsString()
  @MaxLength(2048)
  referrer?: string;
}

export class SessionStartDto extends BaseEventDto {}
export class PageViewDto extends BaseEventDto {}
export class SiteVisitDto extends BaseEventDto {}

export class BrokenLinkDto extends BaseEventDto {
  @IsString()
  @MaxLength(2048)
  requestedPath!: string;
}

export class SessionDurationDto extends BaseEventDto {
  @IsInt()
  @Min(0)
  @Max(7 * 24 * 3600)
  durationSeconds!: number;
}

export class CheckerEventDto extends BaseEventDto {
  @ValidateIf(
    (o: CheckerEventDto) =>
      o.type === 'symptom_checker_step_completed' || o.stepNumber !== undefined,
  )
  @IsInt({ message: 'stepNumber must be a whole number from 1 to 6' })
  @Min(1)
  @Max(6)
  stepNumber?: number;

  @ValidateIf(
    (o: CheckerEventDto) => o.type === 'diagnosis_received' || o.topCondition !== undefined,
  )
  @IsString()
  @MaxLength(100)
  topCondition?: string;

  @ValidateIf(
    (o: CheckerEventDto) => o.type === 'diagnosis_received' || o.diagnosisConfidence !== undefined,
  )
  @IsInt()
  @Min(0)
  @Max(100)
  diagnosisConfidence?: number;

  @IsOptional()
  @IsObject()
  eventData?: Record<string, unknown>;
}

export class CheckerCompletionDto extends BaseEventDto {
  @IsString()
  @MaxLength(100)
  topCondition!: string;

  @IsInt()
  @Min(0)
  @Max(100)
  conditionConfidence!: number;

  @IsInt()
  @Min(0)
  @Max(100)
  totalSymptomsReported!: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(10)
  painIntensity?: number | null;

  @IsString()
  @MaxLength(50)
  symptomDuration!: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  functionalImpact?: string | null;
}

export const DTO_BY_TYPE: Record<EventType, new () => BaseEventDto> = {
  session_start: SessionStartDto,
  page_view: PageViewDto,
  site_visit: SiteVisitDto,
  broken_link: BrokenLinkDto,
  session_duration: SessionDurationDto,
  checker_completion: CheckerCompletionDto,
  symptom_checker_started: CheckerEventDto,
  symptom_checker_step_completed: CheckerEventDto,
  symptom_checker_completed: CheckerEventDto,
  diagnosis_received: CheckerEventDto,
  referral_requested: CheckerEventDto,
};

export type BrowserEvent =
  | SessionStartDto
  | PageViewDto
  | SiteVisitDto
  | BrokenLinkDto
  | SessionDurationDto
  | CheckerEventDto
  | CheckerCompletionDto;
