import { create, toBinary } from '@bufbuild/protobuf';
import {
  type AnalyticsEvent,
  AnalyticsEventBatchSchema,
} from './gen/handcheck/analytics/v1/events_pb';
import { storedPath, storedReferrer, storedUserAgent, withoutControls } from './stored-text';

export interface EventBatchMessage {
  key: string;
  value: Buffer;
}

/**
 * One Kafka message on analytics.event-batches.v1, keyed by the first event's
 * session (a browser sends one tab's events per request), so a session's
 * batches stay in order on one partition.
 */
export function eventBatchMessage(events: AnalyticsEvent[]): EventBatchMessage {
  const bytes = toBinary(AnalyticsEventBatchSchema, create(AnalyticsEventBatchSchema, { events }));
  return {
    key: events[0]?.sessionId ?? '',
    value: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
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
  const payload = event.payload;
  const stored = { ...event, payload: { ...payload } } as AnalyticsEvent;
  stored.pagePath = storedPath(event.pagePath);
  stored.referrer = storedReferrer(event.referrer);
  stored.userAgent = storedUserAgent(event.userAgent);
  const text = (value: string | undefined) =>
    value === undefined ? undefined : withoutControls(value);
  switch (payload.case) {
    case 'sessionStarted':
      stored.payload = {
        case: payload.case,
        value: {
          ...payload.value,
          landingPage: storedPath(payload.value.landingPage),
          country: withoutControls(payload.value.country),
          city: withoutControls(payload.value.city),
        },
      };
      break;
    case 'brokenLink':
      stored.payload = {
        case: payload.case,
        value: { ...payload.value, requestedPath: storedPath(payload.value.requestedPath) },
      };
      break;
    case 'checkerEvent':
      stored.payload = {
        case: payload.case,
        value: {
          ...payload.value,
          eventType: withoutControls(payload.value.eventType),
          topCondition: text(payload.value.topCondition),
        },
      };
      break;
    case 'checkerCompletion':
      stored.payload = {
        case: payload.case,
        value: {
          ...payload.value,
          topCondition: withoutControls(payload.value.topCondition),
          symptomDuration: withoutControls(payload.value.symptomDuration),
          functionalImpact: text(payload.value.functionalImpact),
        },
      };
      break;
    default:
      break;
  }
  return stored;
}

/** eventDataJson that is not a JSON object: refused by the contract, as it cannot be read. */
const UNREADABLE = 'not an object written as JSON';

function eventDataOf(json: string): unknown {
  if (json === '') return undefined;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return UNREADABLE;
  }
}

/**
 * The browser event a decoded message's event was mapped from (the gateway's
 * toAnalyticsEvent, backwards), so the consumer checks it with the same contract the
 * gateway did (browserEventProblems). Fields the gateway adds (times received, location,
 * User-Agent) are not the browser's and are not in it.
 */
export function browserEventOf(event: AnalyticsEvent): Record<string, unknown> {
  const base: Record<string, unknown> = {
    id: event.eventId,
    sessionId: event.sessionId,
    at: Number(event.occurredAtMs),
    path: event.pagePath,
    ...(event.referrer === '' ? {} : { referrer: event.referrer }),
  };
  const defined = (fields: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  const payload = event.payload;
  switch (payload.case) {
    case 'sessionStarted':
      return { type: 'session_start', ...base };
    case 'pageView':
      return { type: 'page_view', ...base };
    case 'siteVisit':
      return { type: 'site_visit', ...base };
    case 'brokenLink':
      return { type: 'broken_link', ...base, requestedPath: payload.value.requestedPath };
    case 'sessionDuration':
      return { type: 'session_duration', ...base, durationSeconds: payload.value.durationSeconds };
    case 'checkerCompletion': {
      const value = payload.value;
      return {
        type: 'checker_completion',
        ...base,
        ...defined({
          topCondition: value.topCondition,
          conditionConfidence: value.conditionConfidence,
          totalSymptomsReported: value.totalSymptomsReported,
          painIntensity: value.painIntensity,
          symptomDuration: value.symptomDuration,
          functionalImpact: value.functionalImpact,
        }),
      };
    }
    case 'checkerEvent': {
      const value = payload.value;
      return {
        type: value.eventType,
        ...base,
        ...defined({
          stepNumber: value.stepNumber,
          topCondition: value.topCondition,
          diagnosisConfidence: value.diagnosisConfidence,
          eventData: eventDataOf(value.eventDataJson),
        }),
      };
    }
    default:
      return { type: undefined, ...base };
  }
}
