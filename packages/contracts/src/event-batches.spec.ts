import { create, fromBinary } from '@bufbuild/protobuf';
import { eventBatchMessage, sessionBatchMessages } from './event-batches';
import {
  type AnalyticsEvent,
  AnalyticsEventBatchSchema,
  AnalyticsEventSchema,
} from './gen/handcheck/analytics/v1/events_pb';

const event = (sessionId: string, n: number): AnalyticsEvent =>
  create(AnalyticsEventSchema, {
    eventId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    sessionId,
    occurredAtMs: 1n,
    pagePath: '/',
    payload: { case: 'pageView', value: {} },
  });

describe('event batch messages', () => {
  it('encodes a batch that decodes to the same events, keyed by session', () => {
    const events = [event('session-a', 1), event('session-a', 2)];
    const message = eventBatchMessage(events);
    expect(message.key).toBe('session-a');
    const decoded = fromBinary(AnalyticsEventBatchSchema, message.value);
    expect(decoded.events.map((e) => e.eventId)).toEqual(events.map((e) => e.eventId));
  });

  it('groups by session and splits at the size limit, losing nothing', () => {
    const events = [
      ...Array.from({ length: 5 }, (_, i) => event('session-a', i)),
      ...Array.from({ length: 2 }, (_, i) => event('session-b', 10 + i)),
    ];
    const messages = sessionBatchMessages(events, 2);
    expect(messages.map((m) => m.key)).toEqual([
      'session-a',
      'session-a',
      'session-a',
      'session-b',
    ]);
    const ids = messages.flatMap((m) =>
      fromBinary(AnalyticsEventBatchSchema, m.value).events.map((e) => e.eventId),
    );
    expect(ids.sort()).toEqual(events.map((e) => e.eventId).sort());
  });
});
