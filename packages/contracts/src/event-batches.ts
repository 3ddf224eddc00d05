import { create, toBinary } from '@bufbuild/protobuf';
import {
  type AnalyticsEvent,
  AnalyticsEventBatchSchema,
} from './gen/handcheck/analytics/v1/events_pb';

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
