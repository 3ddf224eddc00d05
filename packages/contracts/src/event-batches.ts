import {
  type AnalyticsEvent,
  AnalyticsEventBatchSchema,
} from './gen/handcheck/analytics/v1/events_pb';
import { type BrowserEventType } from './browser-events/events';
import { browserEventProblems, isValidBrowserEvent } from './browser-events/parse-event-batch';
import { compileMessageReader } from './wire/message-reader';
import { compileMessageWriter } from './wire/message-writer';
import { storedPath, storedReferrer, storedUserAgent, withoutControls } from './stored-text';

export interface EventBatchMessage {
  key: string;
  value: Buffer;
}

/**
 * The most events one record of analytics.event-batches.v1 holds. The gateway joins the
 * requests bound for one partition into one record (their encodings concatenated are one
 * batch), at most this many events in all; a record with more is not the gateway's.
 */
export const MAX_EVENTS_PER_RECORD = 1000;

/** The batch's bytes as toBinary writes them, at a fraction of the cost (the gateway's hot path). */
const writeEventBatch = compileMessageWriter(AnalyticsEventBatchSchema);

/**
 * A message's batch as fromBinary reads it, errors included, at a fraction of the cost
 * (ingestion's hot path).
 */
export const readEventBatch = compileMessageReader(AnalyticsEventBatchSchema);

/**
 * One request's events as a message on analytics.event-batches.v1, keyed by the first
 * event's session (a browser sends one tab's events per request), so a session's batches
 * stay in order on one partition, also when the producer joins them into one record.
 */
export function eventBatchMessage(events: AnalyticsEvent[]): EventBatchMessage {
  return {
    key: events[0]?.sessionId ?? '',
    value: writeEventBatch({ $typeName: 'handcheck.analytics.v1.AnalyticsEventBatch', events }),
  };
}

/** Events grouped as browsers send them: one session per message, at most `size` events each. */
export function sessionBatchMessages(events: AnalyticsEvent[], size = 20): EventBatchMessage[] {
  const bySession = new Map<string, AnalyticsEvent[]>();
  for (const event of events) {
    const list = bySession.get(event.sessionId) ?? [];
    list.push(event);
    bySession.set(event.sessionId, list);
  }
  const messages: EventBatchMessage[] = [];
  for (const list of bySession.values()) {
    for (let i = 0; i < list.length; i += size)
      messages.push(eventBatchMessage(list.slice(i, i + size)));
  }
  return messages;
}

/**
 * The event with every text as it may be stored (stored-text.ts): paths and referrers
 * without query strings, the User-Agent reduced (storedUserAgent), and no control
 * characters in any text (condition, duration, functional impact, place names). The
 * gateway stores what it maps through this, and ingestion runs it again on every event it
 * consumes, for messages an older gateway wrote.
 */
export function storableEvent(event: AnalyticsEvent): AnalyticsEvent {
  const pagePath = storedPath(event.pagePath);
  const referrer = storedReferrer(event.referrer);
  const userAgent = storedUserAgent(event.userAgent);
  const payload = storedPayload(event.payload);
  // Most events are stored as they came (the gateway cleaned them): no copy then.
  if (
    pagePath === event.pagePath &&
    referrer === event.referrer &&
    userAgent === event.userAgent &&
    payload === event.payload
  ) {
    return event;
  }
  return { ...event, pagePath, referrer, userAgent, payload };
}

/** The payload with its text as it may be stored; the same object when nothing changes. */
function storedPayload(payload: AnalyticsEvent['payload']): AnalyticsEvent['payload'] {
  const text = (value: string | undefined) =>
    value === undefined ? undefined : withoutControls(value);
  switch (payload.case) {
    case 'sessionStarted': {
      const { landingPage, country, city } = payload.value;
      const value = {
        landingPage: storedPath(landingPage),
        country: withoutControls(country),
        city: withoutControls(city),
      };
      return value.landingPage === landingPage && value.country === country && value.city === city
        ? payload
        : { case: payload.case, value: { ...payload.value, ...value } };
    }
    case 'brokenLink': {
      const requestedPath = storedPath(payload.value.requestedPath);
      return requestedPath === payload.value.requestedPath
        ? payload
        : { case: payload.case, value: { ...payload.value, requestedPath } };
    }
    case 'checkerEvent': {
      const { eventType, topCondition } = payload.value;
      const value = { eventType: withoutControls(eventType), topCondition: text(topCondition) };
      return value.eventType === eventType && value.topCondition === topCondition
        ? payload
        : { case: payload.case, value: { ...payload.value, ...value } };
    }
    case 'checkerCompletion': {
      const { topCondition, symptomDuration, functionalImpact } = payload.value;
      const value = {
        topCondition: withoutControls(topCondition),
        symptomDuration: withoutControls(symptomDuration),
        functionalImpact: text(functionalImpact),
      };
      return value.topCondition === topCondition &&
        value.symptomDuration === symptomDuration &&
        value.functionalImpact === functionalImpact
        ? payload
        : { case: payload.case, value: { ...payload.value, ...value } };
    }
    default:
      return payload;
  }
}

/** eventDataJson that is not a JSON object: refused by the rules, as it cannot be read. */
const UNREADABLE = 'not an object written as JSON';

function eventDataOf(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return UNREADABLE;
  }
}

/** The payload each browser event type travels in; every other type is a checker event. */
export const PAYLOAD_CASES: Readonly<
  Partial<Record<BrowserEventType, NonNullable<AnalyticsEvent['payload']['case']>>>
> = {
  session_start: 'sessionStarted',
  page_view: 'pageView',
  site_visit: 'siteVisit',
  broken_link: 'brokenLink',
  session_duration: 'sessionDuration',
  checker_completion: 'checkerCompletion',
};

const TYPE_OF_PAYLOAD: Record<string, string> = Object.fromEntries(
  Object.entries(PAYLOAD_CASES).map(([type, payload]) => [payload, type]),
);

/** Payload fields the gateway fills in: no browser sends them, so the rules do not know them. */
const GATEWAY_FIELDS = new Set([
  '$typeName',
  'eventType',
  'eventDataJson',
  'landingPage',
  'country',
  'city',
  'isUkUser',
]);

/**
 * What is wrong with a decoded event under the browser event rules the gateway ran
 * (browserEventProblems), read from the message itself: a payload's fields have the rules'
 * names, so only the envelope's are named here, and a field added to a payload and its
 * class is checked without a change here.
 */
export function analyticsEventProblems(event: AnalyticsEvent): string[] {
  const { payload } = event;
  if (payload.case === undefined) return ['payload is missing'];
  const fields: Record<string, unknown> = {
    type: payload.case === 'checkerEvent' ? payload.value.eventType : TYPE_OF_PAYLOAD[payload.case],
    id: event.eventId,
    sessionId: event.sessionId,
    at: Number(event.occurredAtMs),
    path: event.pagePath,
  };
  if (event.referrer !== '') fields.referrer = event.referrer;
  // Its own fields in order, as Object.entries has them, without an array per field.
  const value: Record<string, unknown> = payload.value;
  for (const name in value) {
    const field = value[name];
    if (field !== undefined && !GATEWAY_FIELDS.has(name) && Object.hasOwn(value, name)) {
      fields[name] = field;
    }
  }
  if (payload.case === 'checkerEvent' && payload.value.eventDataJson !== '') {
    fields.eventData = eventDataOf(payload.value.eventDataJson);
  }
  // Nearly every event is fine: the compiled check says so without wording any problem.
  return isValidBrowserEvent(fields) ? [] : browserEventProblems(fields);
}
