import {
  type AnalyticsEvent,
  AnalyticsEventBatchSchema,
  MAX_EVENTS_PER_BATCH,
  browserEventOf,
  browserEventProblems,
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

/**
 * Checks on every consumed event: what fails here goes to the dead-letter topic. What the
 * browser sent is checked with the same contract the gateway ran (the event classes in
 * @handcheck/contracts, compiled), read back from the message; only the fields the gateway
 * adds itself, and the range ClickHouse's DateTime holds, are checked here.
 */
export function eventProblems(event: AnalyticsEvent): string[] {
  const problems = event.payload.case === undefined ? ['payload is missing'] : [];
  problems.push(...browserEventProblems(browserEventOf(event)));
  if (event.occurredAtMs > MAX_DATETIME_MS) problems.push('occurred_at_ms is after 2106');
  if (event.receivedAtMs <= 0n) problems.push('received_at_ms is missing');
  else if (event.receivedAtMs > MAX_DATETIME_MS) problems.push('received_at_ms is after 2106');
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
