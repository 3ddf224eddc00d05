import { type AnalyticsEvent, AnalyticsEventSchema, fromBinary } from '@handcheck/contracts';

export type Decoded = { ok: true; event: AnalyticsEvent } | { ok: false; reason: string };

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SESSION = /^[A-Za-z0-9-]{8,64}$/;

/** Schema checks on every consumed message: what fails here goes to the dead-letter topic. */
export function decodeEvent(value: Buffer | null): Decoded {
  if (!value || value.length === 0) return { ok: false, reason: 'empty message' };
  let event: AnalyticsEvent;
  try {
    event = fromBinary(AnalyticsEventSchema, value);
  } catch (error) {
    return {
      ok: false,
      reason: `not an AnalyticsEvent: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const problems: string[] = [];
  if (!ID.test(event.eventId)) problems.push('event_id is not a UUID');
  if (!SESSION.test(event.sessionId)) problems.push('session_id is missing or malformed');
  if (event.occurredAtMs <= 0n) problems.push('occurred_at_ms is missing');
  if (!event.pagePath.startsWith('/')) problems.push('page_path must start with /');
  if (event.payload.case === undefined) problems.push('payload is missing');
  if (event.payload.case === 'checkerEvent' && !event.payload.value.eventType)
    problems.push('event_type is missing');
  return problems.length > 0 ? { ok: false, reason: problems.join('; ') } : { ok: true, event };
}
