import { type AnalyticsEvent, AnalyticsEventBatchSchema, fromBinary } from '@handcheck/contracts';

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
  if (!event.pagePath.startsWith('/')) problems.push('page_path must start with /');
  if (event.payload.case === undefined) problems.push('payload is missing');
  if (event.payload.case === 'checkerEvent' && !event.payload.value.eventType)
    problems.push('event_type is missing');
  return problems;
}

export function decodeBatch(value: Buffer | null): DecodedBatch {
  if (!value || value.length === 0) return { ok: false, reason: 'empty message' };
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
