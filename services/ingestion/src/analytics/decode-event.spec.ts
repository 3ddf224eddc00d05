import { AnalyticsEventSchema, create, toBinary } from '@handcheck/contracts';
import { decodeEvent } from './decode-event';

const valid = () =>
  create(AnalyticsEventSchema, {
    eventId: '0b3c1f7e-1d2a-4c3b-9e8f-123456789abc',
    sessionId: 'session-123',
    occurredAtMs: 1_700_000_000_000n,
    receivedAtMs: 1_700_000_000_100n,
    pagePath: '/',
    payload: { case: 'pageView', value: { $typeName: 'handcheck.analytics.v1.PageView' } },
  });

const bytes = (event = valid()) => Buffer.from(toBinary(AnalyticsEventSchema, event));

describe('decodeEvent', () => {
  it('accepts a well-formed event', () => {
    const result = decodeEvent(bytes());
    expect(result.ok).toBe(true);
  });

  it('rejects empty and garbled messages with a reason', () => {
    expect(decodeEvent(null)).toEqual({ ok: false, reason: 'empty message' });
    const garbled = decodeEvent(Buffer.from([0xff, 0xff, 0xff, 0xff, 0x0f]));
    expect(garbled.ok).toBe(false);
    if (!garbled.ok) expect(garbled.reason).toMatch(/not an AnalyticsEvent/);
  });

  it('rejects events that decode but break the schema rules', () => {
    const broken = valid();
    broken.eventId = 'nope';
    broken.sessionId = '';
    broken.pagePath = 'x';
    broken.payload = { case: undefined };
    const result = decodeEvent(bytes(broken));
    expect(result).toEqual({
      ok: false,
      reason:
        'event_id is not a UUID; session_id is missing or malformed; page_path must start with /; payload is missing',
    });
  });
});
