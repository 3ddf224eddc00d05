import {
  type AnalyticsEvent,
  AnalyticsEventBatchSchema,
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
  fromBinary,
} from '@handcheck/contracts';

/**
 * The most events one message may hold: the gateway sends one browser request
 * per message, at most MAX_EVENTS_PER_BATCH events. A message with more is not
 * ours and is refused whole, before its events are decoded.
 */
export const MAX_EVENTS_PER_MESSAGE = MAX_EVENTS_PER_BATCH;

/** The last second ClickHouse's DateTime holds (2106-02-07), in milliseconds. */
export const MAX_DATETIME_MS = 4_294_967_295_000n;

const USER_AGENT_MAX = 512;

export interface InvalidEvent {
  event: AnalyticsEvent;
  reason: string;
}

/**
 * A message that could not be read at all is refused whole; otherwise its good
 * events go on and each bad one is set aside with its reason, so one bad event
 * never holds back the rest of its batch.
 */
export type DecodedBatch =
  { ok: true; events: AnalyticsEvent[]; invalid: InvalidEvent[] } | { ok: false; reason: string };

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SESSION = /^[A-Za-z0-9-]{8,64}$/;

/** Schema checks on every consumed event: what fails here goes to the dead-letter topic. */
export function eventProblems(event: AnalyticsEvent): string[] {
  const problems: string[] = [];
  if (!ID.test(event.eventId)) problems.push('event_id is not a UUID');
  if (!SESSION.test(event.sessionId)) problems.push('session_id is missing or malformed');
  if (event.occurredAtMs <= 0n) problems.push('occurred_at_ms is missing');
  else if (event.occurredAtMs > MAX_DATETIME_MS) problems.push('occurred_at_ms is after 2106');
  if (event.receivedAtMs <= 0n) problems.push('received_at_ms is missing');
  else if (event.receivedAtMs > MAX_DATETIME_MS) problems.push('received_at_ms is after 2106');
  if (!event.pagePath.startsWith('/')) problems.push('page_path must start with /');
  if (event.pagePath.length > MAX_PATH_LENGTH) problems.push('page_path is too long');
  if (event.referrer.length > MAX_PATH_LENGTH) problems.push('referrer is too long');
  if (event.userAgent.length > USER_AGENT_MAX) problems.push('user_agent is too long');
  if (event.payload.case === undefined) problems.push('payload is missing');
  problems.push(...payloadProblems(event.payload));
  return problems;
}

const over = (value: number | undefined, max: number) => value !== undefined && value > max;
const longer = (value: string | undefined, max: number) =>
  value !== undefined && value.length > max;

/** The ranges the browser contract allows (and the tables' column types hold). */
function payloadProblems(payload: AnalyticsEvent['payload']): string[] {
  const problems: string[] = [];
  switch (payload.case) {
    case 'checkerEvent': {
      const { eventType, stepNumber, topCondition, diagnosisConfidence, eventDataJson } =
        payload.value;
      if (!eventType) problems.push('event_type is missing');
      if (over(stepNumber, MAX_STEP_NUMBER))
        problems.push(`step_number is over ${MAX_STEP_NUMBER}`);
      if (longer(topCondition, MAX_CONDITION_LENGTH)) problems.push('top_condition is too long');
      if (over(diagnosisConfidence, MAX_PERCENT))
        problems.push(`diagnosis_confidence is over ${MAX_PERCENT}`);
      // The browser's limit is on the JSON text it sends; allow for escaping.
      if (eventDataJson.length > 2 * MAX_EVENT_DATA_JSON_LENGTH)
        problems.push('event_data_json is too long');
      break;
    }
    case 'sessionDuration':
      if (over(payload.value.durationSeconds, MAX_SESSION_DURATION_SECONDS))
        problems.push(`duration_seconds is over ${MAX_SESSION_DURATION_SECONDS}`);
      break;
    case 'checkerCompletion': {
      const value = payload.value;
      if (longer(value.topCondition, MAX_CONDITION_LENGTH))
        problems.push('top_condition is too long');
      if (over(value.conditionConfidence, MAX_PERCENT))
        problems.push(`condition_confidence is over ${MAX_PERCENT}`);
      if (over(value.totalSymptomsReported, MAX_PERCENT))
        problems.push(`total_symptoms_reported is over ${MAX_PERCENT}`);
      if (over(value.painIntensity, MAX_PAIN_INTENSITY))
        problems.push(`pain_intensity is over ${MAX_PAIN_INTENSITY}`);
      if (longer(value.symptomDuration, MAX_SYMPTOM_DURATION_LENGTH))
        problems.push('symptom_duration is too long');
      if (longer(value.functionalImpact, MAX_FUNCTIONAL_IMPACT_LENGTH))
        problems.push('functional_impact is too long');
      break;
    }
    case 'brokenLink':
      if (longer(payload.value.requestedPath, MAX_PATH_LENGTH))
        problems.push('requested_path is too long');
      break;
    case 'sessionStarted':
      if (longer(payload.value.landingPage, MAX_PATH_LENGTH))
        problems.push('landing_page is too long');
      break;
    default:
      break;
  }
  return problems;
}

/**
 * How many events (field 1 of AnalyticsEventBatch) a message holds, read from
 * the wire format without decoding them; undefined when it is not readable.
 */
export function countEvents(value: Uint8Array): number | undefined {
  let at = 0;
  let count = 0;
  const varint = (): number | undefined => {
    let result = 0;
    for (let shift = 0; shift < 64; shift += 7) {
      if (at >= value.length) return undefined;
      const byte = value[at++]!;
      if (shift < 53) result += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return result;
    }
    return undefined;
  };
  while (at < value.length) {
    const tag = varint();
    if (tag === undefined) return undefined;
    const wireType = tag % 8;
    if (wireType === 0) {
      if (varint() === undefined) return undefined;
    } else if (wireType === 1) at += 8;
    else if (wireType === 5) at += 4;
    else if (wireType === 2) {
      const length = varint();
      if (length === undefined) return undefined;
      at += length;
      if (Math.floor(tag / 8) === 1) count += 1;
    } else return undefined;
    if (at > value.length) return undefined;
  }
  return count;
}

export function decodeBatch(
  value: Buffer | null,
  maxEvents = MAX_EVENTS_PER_MESSAGE,
): DecodedBatch {
  if (!value || value.length === 0) return { ok: false, reason: 'empty message' };
  const count = countEvents(value);
  if (count !== undefined && count > maxEvents) {
    return { ok: false, reason: `the message holds ${count} events, more than ${maxEvents}` };
  }
  let decoded: AnalyticsEvent[];
  try {
    decoded = fromBinary(AnalyticsEventBatchSchema, value).events;
  } catch (error) {
    return {
      ok: false,
      reason: `not an AnalyticsEventBatch: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (decoded.length === 0) return { ok: false, reason: 'the batch holds no events' };
  const events: AnalyticsEvent[] = [];
  const invalid: InvalidEvent[] = [];
  for (const event of decoded) {
    const problems = eventProblems(event);
    if (problems.length === 0) events.push(event);
    else invalid.push({ event, reason: problems.join('; ') });
  }
  return { ok: true, events, invalid };
}
