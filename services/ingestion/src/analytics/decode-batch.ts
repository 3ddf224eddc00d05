import {
  type AnalyticsEvent,
  AnalyticsEventBatchSchema,
  MAX_EVENTS_PER_RECORD,
  analyticsEventProblems,
  eventBatchMessage,
  readEventBatch,
} from '@handcheck/contracts';
import { type ConsumedMessage, type DeadLetter } from '@handcheck/server-kit';
import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';
import { type Row, type TableName, rowsFor } from './event-rows';

/**
 * The most events one message may hold: the gateway joins the requests bound for
 * one partition into one record, at most MAX_EVENTS_PER_RECORD events. A message
 * with more is not ours and is refused whole, before its events are decoded.
 */
export const MAX_EVENTS_PER_MESSAGE = MAX_EVENTS_PER_RECORD;

/** The last second ClickHouse's DateTime holds (2106-02-07), in milliseconds. */
export const MAX_DATETIME_MS = 4_294_967_295_000n;

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

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
 * browser sent is checked on the message with the rules the gateway ran (the event classes
 * in @handcheck/contracts, compiled); only the fields the gateway adds itself, and the
 * range ClickHouse's DateTime holds, are checked here.
 */
export function eventProblems(event: AnalyticsEvent): string[] {
  const problems = analyticsEventProblems(event);
  if (event.occurredAtMs > MAX_DATETIME_MS) problems.push('occurred_at_ms is after 2106');
  if (event.receivedAtMs <= 0n) problems.push('received_at_ms is missing');
  else if (event.receivedAtMs > MAX_DATETIME_MS) problems.push('received_at_ms is after 2106');
  return problems;
}

const EVENTS_FIELD = AnalyticsEventBatchSchema.field.events.number;

/**
 * How many events a message holds, read from the wire format (tags only, each
 * event skipped unread); undefined when the bytes are not protobuf.
 */
export function countEvents(value: Uint8Array): number | undefined {
  const reader = new BinaryReader(value);
  let count = 0;
  try {
    while (reader.pos < reader.len) {
      const [field, wireType] = reader.tag();
      if (field === EVENTS_FIELD && wireType === WireType.LengthDelimited) count += 1;
      reader.skip(wireType, field);
    }
  } catch {
    return undefined;
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
    decoded = readEventBatch(value).events;
  } catch (error) {
    return {
      ok: false,
      reason: `not an AnalyticsEventBatch: ${errorMessage(error)}`,
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

/** A good event, the rows it becomes, and the message it came in. */
export interface EventToStore {
  event: AnalyticsEvent;
  rows: Array<[TableName, Row]>;
  message: ConsumedMessage;
}

/**
 * A bad event's dead letter: the event alone, re-encoded as a batch of one, so
 * it can be replayed without the good events it came with.
 */
export function eventDeadLetter(
  event: AnalyticsEvent,
  message: ConsumedMessage,
  reason: string,
): DeadLetter {
  return {
    key: message.key,
    value: eventBatchMessage([event]).value,
    offset: message.offset,
    reason,
  };
}

/**
 * A consumed batch's messages as the events to store and the dead letters: a
 * message that cannot be read whole, and each event that breaks the contract
 * or that the row mapping cannot take, on its own.
 */
export function decodeMessages(messages: readonly ConsumedMessage[]): {
  toStore: EventToStore[];
  deadLetters: DeadLetter[];
} {
  const toStore: EventToStore[] = [];
  const deadLetters: DeadLetter[] = [];
  for (const message of messages) {
    const decoded = decodeBatch(message.value);
    if (!decoded.ok) {
      const { key, value, offset } = message;
      deadLetters.push({ key, value, offset, reason: decoded.reason });
      continue;
    }
    for (const { event, reason } of decoded.invalid)
      deadLetters.push(eventDeadLetter(event, message, reason));
    for (const event of decoded.events) {
      try {
        toStore.push({ event, rows: rowsFor(event), message });
      } catch (error) {
        deadLetters.push(
          eventDeadLetter(event, message, `row mapping failed: ${errorMessage(error)}`),
        );
      }
    }
  }
  return { toStore, deadLetters };
}
