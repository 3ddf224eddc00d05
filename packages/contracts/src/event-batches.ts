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
  const browser: Record<string, unknown> = {
    type: undefined,
    id: event.eventId,
    sessionId: event.sessionId,
    at: Number(event.occurredAtMs),
    path: event.pagePath,
  };
  if (event.referrer !== '') browser.referrer = event.referrer;
  // Only the fields the message has: an absent optional field stays out.
  const put = (field: string, value: unknown) => {
    if (value !== undefined) browser[field] = value;
  };
  const payload = event.payload;
  switch (payload.case) {
    case 'sessionStarted':
      browser.type = 'session_start';
      break;
    case 'pageView':
      browser.type = 'page_view';
      break;
    case 'siteVisit':
      browser.type = 'site_visit';
      break;
    case 'brokenLink':
      browser.type = 'broken_link';
      browser.requestedPath = payload.value.requestedPath;
      break;
    case 'sessionDuration':
      browser.type = 'session_duration';
      browser.durationSeconds = payload.value.durationSeconds;
      break;
    case 'checkerCompletion': {
      const value = payload.value;
      browser.type = 'checker_completion';
      put('topCondition', value.topCondition);
      put('conditionConfidence', value.conditionConfidence);
      put('totalSymptomsReported', value.totalSymptomsReported);
      put('painIntensity', value.painIntensity);
      put('symptomDuration', value.symptomDuration);
      put('functionalImpact', value.functionalImpact);
      break;
    }
    case 'checkerEvent': {
      const value = payload.value;
      browser.type = value.eventType;
      put('stepNumber', value.stepNumber);
      put('topCondition', value.topCondition);
      put('diagnosisConfidence', value.diagnosisConfidence);
      put('anySign', value.anySign);
      put('eventData', eventDataOf(value.eventDataJson));
      break;
    }
    default:
      break;
  }
  return browser;
}
