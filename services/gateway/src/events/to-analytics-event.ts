import {
  type AnalyticsEvent,
  AnalyticsEventSchema,
  type BrowserEvent,
  PAYLOAD_CASES,
  storableEvent,
} from '@handcheck/contracts';
import { type GeoLocation } from '../geo/geo-locator.service';

const MAX_CLOCK_SKEW_MS = 60_000;
const MAX_EVENT_AGE_MS = 7 * 24 * 3600 * 1000;

export interface RequestContext {
  userAgent: string;
  receivedAtMs: number;
  /** Derived from the client IP, which itself goes no further than this. */
  location: GeoLocation;
}

/** Browser clocks drift; keep event times within a sane window of our own. */
export function clampEventTime(atMs: number, receivedAtMs: number): number {
  return Math.min(
    Math.max(atMs, receivedAtMs - MAX_EVENT_AGE_MS),
    receivedAtMs + MAX_CLOCK_SKEW_MS,
  );
}

/** Each payload's message type, for values made here as messages rather than copied by create(). */
const TYPE_NAMES: Record<string, string> = Object.fromEntries(
  AnalyticsEventSchema.oneofs[0]!.fields.map((field) => [field.localName, field.message!.typeName]),
);

/**
 * The payload a browser event travels in. Its fields beyond the envelope have the payload's
 * field names, so they go in as they are (but null, "left out", which is unset); the
 * gateway fills in a session's place and a checker event's type and data.
 */
function payloadOf(event: BrowserEvent, context: RequestContext): AnalyticsEvent['payload'] {
  const { type, id: _id, sessionId: _sessionId, at: _at, path, referrer: _ref, ...fields } = event;
  const payload = PAYLOAD_CASES[type] ?? 'checkerEvent';
  const value: Record<string, unknown> = { $typeName: TYPE_NAMES[payload] };
  for (const [name, field] of Object.entries(fields)) if (field !== null) value[name] = field;
  if (payload === 'sessionStarted') {
    const { country, city, countryCode } = context.location;
    Object.assign(value, { landingPage: path, country, city, isUkUser: countryCode === 'GB' });
  } else if (payload === 'checkerEvent') {
    value.eventType = type;
    value.eventDataJson = value.eventData ? JSON.stringify(value.eventData) : '';
    delete value.eventData;
  }
  // TypeScript cannot pair each type's fields with its payload through the table.
  return { case: payload, value } as AnalyticsEvent['payload'];
}

/**
 * The message an accepted browser event travels as, its text as it may be stored. Written as
 * the message itself, all of its fields, rather than through create(), which walks the schema
 * for every event of every request.
 */
export function toAnalyticsEvent(event: BrowserEvent, context: RequestContext): AnalyticsEvent {
  return storableEvent({
    $typeName: 'handcheck.analytics.v1.AnalyticsEvent',
    eventId: event.id.toLowerCase(),
    sessionId: event.sessionId,
    occurredAtMs: BigInt(clampEventTime(event.at, context.receivedAtMs)),
    receivedAtMs: BigInt(context.receivedAtMs),
    userAgent: context.userAgent,
    pagePath: event.path,
    referrer: event.referrer ?? '',
    payload: payloadOf(event, context),
  });
}
