// The browser event contract's one definition: a class-validator class per event type, told
// apart by `type`. Everything that checks an event derives from these: compile-event-rules.ts
// reads their metadata into event-rules.gen.ts, which the gateway's intake, the ingestion
// consumer and the web tracker run (see event-rules.ts for why not class-validator itself).
// Server-side only: the browser bundle never imports this file.
import { Transform, plainToInstance } from 'class-transformer';
import {
  Equals,
  IsIn,
  IsBoolean,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { CONDITION_NAMES, DURATIONS, TOP_CONDITIONS_MAX } from '@handcheck/diagnosis';
import {
  type BrowserEventType,
  FUNCTIONAL_IMPACT_PATTERN,
  MAX_LISTED_CONDITIONS,
  MAX_PAIN_INTENSITY,
  MAX_PATH_LENGTH,
  MAX_PERCENT,
  MAX_SESSION_DURATION_SECONDS,
  MAX_STEP_NUMBER,
  PATH_PATTERN,
  SESSION_ID_PATTERN,
  UUID_PATTERN,
} from './events';

// The browser's copy of this limit must be diagnosis's; checked when this module loads.
if (MAX_LISTED_CONDITIONS !== TOP_CONDITIONS_MAX) {
  throw new Error('MAX_LISTED_CONDITIONS must equal @handcheck/diagnosis TOP_CONDITIONS_MAX');
}

const NESTED = new WeakMap<object, Map<string, new () => object>>();

/**
 * `@ValidateNested()` with the class the plain object becomes (class-transformer's @Type
 * without its need for reflect-metadata), recorded for compile-event-rules.ts.
 */
function Nested(contract: new () => object): PropertyDecorator {
  const transform = Transform(({ value }: { value: unknown }) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? plainToInstance(contract, value)
      : value,
  );
  const validate = ValidateNested();
  return (target, property) => {
    const fields = NESTED.get(target.constructor) ?? new Map<string, new () => object>();
    fields.set(String(property), contract);
    NESTED.set(target.constructor, fields);
    transform(target, property);
    validate(target, property);
  };
}

/** The class a field's object is checked with (`@Nested`), if any. */
export function nestedContract(
  contract: new () => object,
  property: string,
): (new () => object) | undefined {
  return NESTED.get(contract)?.get(property);
}

/** A decorator's message, which the compiled rules use as the field's "must be …" text too. */
const says = (expected: string) => ({ message: expected });

abstract class EventBase {
  @Matches(UUID_PATTERN, says('a UUID, e.g. 3f2b8c1e-9d4a-4c7b-8e2f-1a6b5c4d3e2f'))
  id!: string;

  @Matches(SESSION_ID_PATTERN, says('8 to 64 letters, digits or dashes'))
  sessionId!: string;

  @IsInt(says('a time in milliseconds since 1970 (a whole number, 0 or more)'))
  @Min(0, says('a time in milliseconds since 1970 (a whole number, 0 or more)'))
  at!: number;

  @IsString(
    says(`a path that starts with / and has no spaces, at most ${MAX_PATH_LENGTH} characters`),
  )
  @MaxLength(
    MAX_PATH_LENGTH,
    says(`a path that starts with / and has no spaces, at most ${MAX_PATH_LENGTH} characters`),
  )
  @Matches(
    PATH_PATTERN,
    says(`a path that starts with / and has no spaces, at most ${MAX_PATH_LENGTH} characters`),
  )
  path!: string;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_PATH_LENGTH)
  referrer?: string | null;
}

export class SessionStartEventContract extends EventBase {
  @Equals('session_start')
  type!: 'session_start';
}

export class PageViewEventContract extends EventBase {
  @Equals('page_view')
  type!: 'page_view';
}

export class SiteVisitEventContract extends EventBase {
  @Equals('site_visit')
  type!: 'site_visit';
}

export class BrokenLinkEventContract extends EventBase {
  @Equals('broken_link')
  type!: 'broken_link';

  @IsString()
  @MaxLength(MAX_PATH_LENGTH)
  requestedPath!: string;
}

export class SessionDurationEventContract extends EventBase {
  @Equals('session_duration')
  type!: 'session_duration';

  @IsInt()
  @Min(0)
  @Max(MAX_SESSION_DURATION_SECONDS)
  durationSeconds!: number;
}

export class SymptomCheckerStartedEventContract extends EventBase {
  @Equals('symptom_checker_started')
  type!: 'symptom_checker_started';
}

/** Whether any emergency sign was chosen; which ones never leaves the browser. */
export class EmergencyCheckCompletedEventContract extends EventBase {
  @Equals('emergency_check_completed')
  type!: 'emergency_check_completed';

  @IsBoolean(says('true or false'))
  anySign!: boolean;
}

export class SymptomCheckerStepCompletedEventContract extends EventBase {
  @Equals('symptom_checker_step_completed')
  type!: 'symptom_checker_step_completed';

  @IsInt()
  @Min(1)
  @Max(MAX_STEP_NUMBER)
  stepNumber!: number;
}

export class SymptomCheckerCompletedEventContract extends EventBase {
  @Equals('symptom_checker_completed')
  type!: 'symptom_checker_completed';
}

export class DiagnosisReceivedEventContract extends EventBase {
  @Equals('diagnosis_received')
  type!: 'diagnosis_received';

  @IsIn(CONDITION_NAMES)
  topCondition!: string;

  @IsInt()
  @Min(0)
  @Max(MAX_PERCENT)
  diagnosisConfidence!: number;
}

/** referral_requested's eventData: the one event data field stored. */
export class ReferralRequestedEventDataContract {
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_LISTED_CONDITIONS)
  conditions?: number | null;
}

export class ReferralRequestedEventContract extends EventBase {
  @Equals('referral_requested')
  type!: 'referral_requested';

  @IsOptional()
  @IsIn(CONDITION_NAMES)
  topCondition?: string | null;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_PERCENT)
  diagnosisConfidence?: number | null;

  @IsOptional()
  @IsObject()
  @Nested(ReferralRequestedEventDataContract)
  eventData?: ReferralRequestedEventDataContract | null;
}

export class CheckerCompletionEventContract extends EventBase {
  @Equals('checker_completion')
  type!: 'checker_completion';

  /** Empty when nothing matched. */
  @IsIn([...CONDITION_NAMES, ''])
  topCondition!: string;

  @IsInt()
  @Min(0)
  @Max(MAX_PERCENT)
  conditionConfidence!: number;

  @IsInt()
  @Min(0)
  @Max(MAX_PERCENT)
  totalSymptomsReported!: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_PAIN_INTENSITY)
  painIntensity?: number | null;

  /** Empty when not answered. */
  @IsIn([...DURATIONS, ''])
  symptomDuration!: string;

  @IsOptional()
  @Matches(
    FUNCTIONAL_IMPACT_PATTERN,
    says('grip, pinch, writing and/or keyboard, separated by commas'),
  )
  functionalImpact?: string | null;
}

/** The class of each event type, in the order the types are declared. */
export const EVENT_CONTRACTS: Readonly<Record<BrowserEventType, new () => object>> = {
  session_start: SessionStartEventContract,
  page_view: PageViewEventContract,
  site_visit: SiteVisitEventContract,
  broken_link: BrokenLinkEventContract,
  session_duration: SessionDurationEventContract,
  checker_completion: CheckerCompletionEventContract,
  symptom_checker_started: SymptomCheckerStartedEventContract,
  emergency_check_completed: EmergencyCheckCompletedEventContract,
  symptom_checker_step_completed: SymptomCheckerStepCompletedEventContract,
  symptom_checker_completed: SymptomCheckerCompletedEventContract,
  diagnosis_received: DiagnosisReceivedEventContract,
  referral_requested: ReferralRequestedEventContract,
};
