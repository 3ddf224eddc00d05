/**
 * The browser's analytics events as JSON: what the web tracker sends to `POST /api/events`
 * and what the gateway accepts before mapping each one to the protobuf `AnalyticsEvent`.
 * Plain TypeScript with no dependencies, so the browser bundle can import it
 * (`@handcheck/contracts/browser-events`) without the protobuf runtime.
 */

/** Checker events share one shape (and one protobuf message, `CheckerEvent`). */
export const CHECKER_EVENT_TYPES = [
  'symptom_checker_started',
  'emergency_check_completed',
  'symptom_checker_step_completed',
  'symptom_checker_completed',
  'diagnosis_received',
  'referral_requested',
] as const;
export type CheckerEventType = (typeof CHECKER_EVENT_TYPES)[number];

export const BROWSER_EVENT_TYPES = [
  'session_start',
  'page_view',
  'site_visit',
  'broken_link',
  'session_duration',
  'checker_completion',
  ...CHECKER_EVENT_TYPES,
] as const;
export type BrowserEventType = (typeof BROWSER_EVENT_TYPES)[number];

/** Events in one request body. */
export const MAX_EVENTS_PER_BATCH = 100;
/** Characters of `path`, `referrer` and `requestedPath`. */
export const MAX_PATH_LENGTH = 2048;
/** Characters of a condition's name (`topCondition`). */
export const MAX_CONDITION_LENGTH = 100;
/** Characters of `symptomDuration`. */
export const MAX_SYMPTOM_DURATION_LENGTH = 50;
/** Characters of `functionalImpact`. */
export const MAX_FUNCTIONAL_IMPACT_LENGTH = 100;
/** Characters of `eventData` written as JSON. */
export const MAX_EVENT_DATA_JSON_LENGTH = 2048;
/** Conditions a result lists at most (`TOP_CONDITIONS_MAX` in @handcheck/diagnosis). */
export const MAX_LISTED_CONDITIONS = 3;
/** What `functionalImpact` may list: the questionnaire's difficulty flags. */
export const FUNCTIONAL_IMPACTS = ['grip', 'pinch', 'writing', 'keyboard'] as const;
/** The questionnaire's steps are numbered from 1 to this. */
export const MAX_STEP_NUMBER = 6;
/** A week: a longer `durationSeconds` is a clock error, not a visit. */
export const MAX_SESSION_DURATION_SECONDS = 7 * 24 * 3600;
/** `painIntensity` is on a scale from 0 to this. */
export const MAX_PAIN_INTENSITY = 10;
/** Percentages: `diagnosisConfidence`, `conditionConfidence`, and the symptom count's cap. */
export const MAX_PERCENT = 100;

/** Session ids: 8 to 64 letters, digits or dashes. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;
/** `functionalImpact`: FUNCTIONAL_IMPACTS joined with commas (a space after each is optional). */
export const FUNCTIONAL_IMPACT_PATTERN =
  /^(?:grip|pinch|writing|keyboard)(?:, ?(?:grip|pinch|writing|keyboard)){0,3}$/;
/** Paths start with a slash and hold no white space. */
export const PATH_PATTERN = /^\/[^\s]*$/;
/** Any RFC 4122/9562 UUID (versions 1 to 8), the nil UUID or the max UUID; either case. */
export const UUID_PATTERN =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/i;

/** Fields every browser event carries. */
export interface BrowserEventBase<T extends BrowserEventType = BrowserEventType> {
  type: T;
  /** A UUID; the pipeline deduplicates on it. */
  id: string;
  /** The tab's session (see `SESSION_ID_PATTERN`). */
  sessionId: string;
  /** When it happened: milliseconds since the epoch, by the browser's clock. */
  at: number;
  /** The page's path, e.g. `/conditions/trigger-finger` (see `PATH_PATTERN`). */
  path: string;
  /** `document.referrer`; left out (or null) when there is none. */
  referrer?: string | null;
}

/** The first event of a tab's session; the gateway adds the country and city. */
export type SessionStartEvent = BrowserEventBase<'session_start'>;
export type PageViewEvent = BrowserEventBase<'page_view'>;
/** Every page load (site_visits). */
export type SiteVisitEvent = BrowserEventBase<'site_visit'>;

/** A visit to an address we have no page for. */
export interface BrokenLinkEvent extends BrowserEventBase<'broken_link'> {
  requestedPath: string;
}

/** Seconds since the session started, sent when the page is hidden. */
export interface SessionDurationEvent extends BrowserEventBase<'session_duration'> {
  durationSeconds: number;
}

export type SymptomCheckerStartedEvent = BrowserEventBase<'symptom_checker_started'>;

/**
 * The questionnaire's emergency check answered ("None of these", or signs → the emergency
 * card). Only whether any sign was chosen, never which: the signs are health data we do not
 * need to count the funnel.
 */
export interface EmergencyCheckCompletedEvent extends BrowserEventBase<'emergency_check_completed'> {
  anySign: boolean;
}

export interface SymptomCheckerStepCompletedEvent extends BrowserEventBase<'symptom_checker_step_completed'> {
  /** 1 to `MAX_STEP_NUMBER`. */
  stepNumber: number;
}

export type SymptomCheckerCompletedEvent = BrowserEventBase<'symptom_checker_completed'>;

export interface DiagnosisReceivedEvent extends BrowserEventBase<'diagnosis_received'> {
  /** One of the spec's 18 condition names (`CONDITION_NAMES` in @handcheck/diagnosis). */
  topCondition: string;
  /** 0 to 100. */
  diagnosisConfidence: number;
}

/** The only event with `eventData`, and the only field it may hold. */
export interface ReferralRequestedEventData {
  /** How many conditions the results listed: 0 to `MAX_LISTED_CONDITIONS`. */
  conditions?: number | null;
}

export interface ReferralRequestedEvent extends BrowserEventBase<'referral_requested'> {
  /** One of the spec's condition names, when the results had one. */
  topCondition?: string | null;
  /** 0 to 100. */
  diagnosisConfidence?: number | null;
  eventData?: ReferralRequestedEventData | null;
}

export type CheckerBrowserEvent =
  | SymptomCheckerStartedEvent
  | EmergencyCheckCompletedEvent
  | SymptomCheckerStepCompletedEvent
  | SymptomCheckerCompletedEvent
  | DiagnosisReceivedEvent
  | ReferralRequestedEvent;

/** One finished questionnaire (symptom_checker_completions). */
export interface CheckerCompletionEvent extends BrowserEventBase<'checker_completion'> {
  /** The best match's name (one of the spec's 18), or empty when nothing matched. */
  topCondition: string;
  /** 0 to 100. */
  conditionConfidence: number;
  /** 0 to 100. */
  totalSymptomsReported: number;
  /** 0 to `MAX_PAIN_INTENSITY`, or null when not answered. */
  painIntensity?: number | null;
  /** One of the questionnaire's durations (`DURATIONS` in @handcheck/diagnosis), or empty. */
  symptomDuration: string;
  /** `FUNCTIONAL_IMPACTS` joined with ", ", or null when none was chosen. */
  functionalImpact?: string | null;
}

/** Every event the browser may send, told apart by `type`. */
export type BrowserEvent =
  | SessionStartEvent
  | PageViewEvent
  | SiteVisitEvent
  | BrokenLinkEvent
  | SessionDurationEvent
  | CheckerBrowserEvent
  | CheckerCompletionEvent;

/** The event of one type, e.g. `BrowserEventOf<'broken_link'>`. */
export type BrowserEventOf<T extends BrowserEventType> = Extract<BrowserEvent, { type: T }>;

/** The fields an event of type T carries besides the ones every event has (per type for a union). */
export type BrowserEventFields<T extends BrowserEventType> = T extends BrowserEventType
  ? Omit<BrowserEventOf<T>, keyof BrowserEventBase>
  : never;

/** The body of `POST /api/events`. */
export interface EventBatchBody {
  events: BrowserEvent[];
}

export type ParseEventBatchResult =
  { ok: true; events: BrowserEvent[] } | { ok: false; problems: string[] };
