import {
  BROWSER_EVENT_TYPES,
  type BrowserEvent,
  type BrowserEventType,
  MAX_CONDITION_LENGTH,
  MAX_EVENTS_PER_BATCH,
  MAX_EVENT_DATA_JSON_LENGTH,
  MAX_FUNCTIONAL_IMPACT_LENGTH,
  MAX_PAIN_INTENSITY,
  MAX_PATH_LENGTH,
  MAX_PERCENT,
  MAX_SESSION_DURATION_SECONDS,
  MAX_STEP_NUMBER,
  MAX_SYMPTOM_DURATION_LENGTH,
  PATH_PATTERN,
  type ParseEventBatchResult,
  SESSION_ID_PATTERN,
  UUID_PATTERN,
} from './events';

/** How one field is checked; `expected` completes "… must be" in a problem. */
interface FieldRule {
  expected: string;
  valid(value: unknown): boolean;
  /** Whether leaving the field out is a problem, for this event type. */
  required: boolean;
  /** Whether null stands for "left out". */
  nullable: boolean;
}

type Rules = Readonly<Record<string, FieldRule>>;

/**
 * Characters as validator.js (class-validator's MaxLength, which this replaces) counts them:
 * a surrogate pair (an emoji) or a character with its emoji/text presentation selector is one.
 */
function textLength(text: string): number {
  const pairs = text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0;
  const selectors = text.match(/[^\uFE0F\uFE0E][\uFE0F\uFE0E]/g)?.length ?? 0;
  return text.length - pairs - selectors;
}

const isText = (max: number) => (value: unknown) =>
  typeof value === 'string' && (value.length <= max || textLength(value) <= max);

const isWhole = (min: number, max: number) => (value: unknown) =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const rule = (
  expected: string,
  valid: (value: unknown) => boolean,
  options: { required?: boolean; nullable?: boolean } = {},
): FieldRule => ({
  expected,
  valid,
  required: options.required ?? true,
  nullable: options.nullable ?? false,
});

const text = (max: number, options?: { required?: boolean; nullable?: boolean }) =>
  rule(`text of at most ${max} characters`, isText(max), options);

const whole = (min: number, max: number, options?: { required?: boolean; nullable?: boolean }) =>
  rule(`a whole number from ${min} to ${max}`, isWhole(min, max), options);

const BASE_RULES: Rules = {
  id: rule(
    'a UUID, e.g. 3f2b8c1e-9d4a-4c7b-8e2f-1a6b5c4d3e2f',
    (value) => typeof value === 'string' && UUID_PATTERN.test(value),
  ),
  sessionId: rule(
    '8 to 64 letters, digits or dashes',
    (value) => typeof value === 'string' && SESSION_ID_PATTERN.test(value),
  ),
  at: rule(
    'a time in milliseconds since 1970 (a whole number, 0 or more)',
    (value) => Number.isInteger(value) && (value as number) >= 0,
  ),
  path: rule(
    `a path that starts with / and has no spaces, at most ${MAX_PATH_LENGTH} characters`,
    (value) => isText(MAX_PATH_LENGTH)(value) && PATH_PATTERN.test(value as string),
  ),
  referrer: text(MAX_PATH_LENGTH, { required: false, nullable: true }),
};

/** Checker events may carry any of these; some types need one or two of them. */
function checkerRules(type: BrowserEventType): Rules {
  const step = type === 'symptom_checker_step_completed';
  const diagnosis = type === 'diagnosis_received';
  return {
    ...BASE_RULES,
    stepNumber: whole(1, MAX_STEP_NUMBER, { required: step }),
    topCondition: text(MAX_CONDITION_LENGTH, { required: diagnosis }),
    diagnosisConfidence: whole(0, MAX_PERCENT, { required: diagnosis }),
    eventData: rule('an object', isObject, { required: false, nullable: true }),
  };
}

/** Every field each type may carry; any other field is refused. */
const RULES: Readonly<Record<BrowserEventType, Rules>> = {
  session_start: BASE_RULES,
  page_view: BASE_RULES,
  site_visit: BASE_RULES,
  broken_link: { ...BASE_RULES, requestedPath: text(MAX_PATH_LENGTH) },
  session_duration: {
    ...BASE_RULES,
    durationSeconds: rule(
      `a whole number of seconds from 0 to ${MAX_SESSION_DURATION_SECONDS}`,
      isWhole(0, MAX_SESSION_DURATION_SECONDS),
    ),
  },
  checker_completion: {
    ...BASE_RULES,
    topCondition: text(MAX_CONDITION_LENGTH),
    conditionConfidence: whole(0, MAX_PERCENT),
    totalSymptomsReported: whole(0, MAX_PERCENT),
    painIntensity: whole(0, MAX_PAIN_INTENSITY, { required: false, nullable: true }),
    symptomDuration: text(MAX_SYMPTOM_DURATION_LENGTH),
    functionalImpact: text(MAX_FUNCTIONAL_IMPACT_LENGTH, { required: false, nullable: true }),
  },
  symptom_checker_started: checkerRules('symptom_checker_started'),
  symptom_checker_step_completed: checkerRules('symptom_checker_step_completed'),
  symptom_checker_completed: checkerRules('symptom_checker_completed'),
  diagnosis_received: checkerRules('diagnosis_received'),
  referral_requested: checkerRules('referral_requested'),
};

const isEventType = (type: unknown): type is BrowserEventType =>
  typeof type === 'string' && Object.prototype.hasOwnProperty.call(RULES, type);

/**
 * What is wrong with one event, each problem naming the field, e.g.
 * "events[2].stepNumber must be a whole number from 1 to 6."; empty when it is fine.
 */
export function browserEventProblems(event: unknown, where = 'event'): string[] {
  if (!isObject(event)) return [`${where} must be an object.`];
  const type = event.type;
  if (!isEventType(type)) {
    return [`${where}.type must be one of: ${BROWSER_EVENT_TYPES.join(', ')}.`];
  }
  const rules = RULES[type];
  const problems: string[] = [];
  for (const field of Object.keys(rules)) {
    const { expected, valid, required, nullable } = rules[field];
    const value = event[field];
    if (value === undefined) {
      if (required) problems.push(`${where}.${field} is missing: it must be ${expected}.`);
    } else if (!(value === null && nullable) && !valid(value)) {
      problems.push(`${where}.${field} must be ${expected}${nullable ? ', or null' : ''}.`);
    }
  }
  for (const field of Object.keys(event)) {
    if (field !== 'type' && !Object.prototype.hasOwnProperty.call(rules, field)) {
      problems.push(`${where}.${field} is not a field of ${type} events; leave it out.`);
    }
  }
  const data = event.eventData;
  if (isObject(data) && JSON.stringify(data).length > MAX_EVENT_DATA_JSON_LENGTH) {
    problems.push(
      `${where}.eventData must be at most ${MAX_EVENT_DATA_JSON_LENGTH} characters written as JSON.`,
    );
  }
  return problems;
}

/**
 * Checks a `POST /api/events` body: `{ "events": [...] }` with 1 to MAX_EVENTS_PER_BATCH
 * events, each exactly as its type allows. Either every event is accepted or none is; the
 * problems name the event and the field, so the sender can tell what to fix.
 */
export function parseEventBatch(body: unknown): ParseEventBatchResult {
  if (!isObject(body)) {
    return { ok: false, problems: ['The body must be a JSON object like {"events": [...]}.'] };
  }
  const raw = body.events;
  if (!Array.isArray(raw)) return { ok: false, problems: ['events must be a list of events.'] };
  if (raw.length === 0) return { ok: false, problems: ['events must contain at least one event.'] };
  if (raw.length > MAX_EVENTS_PER_BATCH) {
    return {
      ok: false,
      problems: [`events may contain at most ${MAX_EVENTS_PER_BATCH} events per request.`],
    };
  }
  const problems = Object.keys(body)
    .filter((key) => key !== 'events')
    .map((key) => `${key} is not allowed: the body holds only events.`);
  raw.forEach((item: unknown, index) => {
    problems.push(...browserEventProblems(item, `events[${index}]`));
  });
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, events: raw as BrowserEvent[] };
}
