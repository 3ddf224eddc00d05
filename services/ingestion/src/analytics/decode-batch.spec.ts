import { AnalyticsEventSchema, create, eventBatchMessage } from '@handcheck/contracts';
import { decodeBatch } from './decode-batch';

const valid = () =>
  create(AnalyticsEventSchema, {
    eventId: '0b3c1f7e-1d2a-4c3b-9e8f-123456789abc',
    sessionId: 'session-123',
    occurredAtMs: 1_700_000_000_000n,
    receivedAtMs: 1_700_000_000_100n,
    pagePath: '/',
    payload: { case: 'pageView', value: { $typeName: 'handcheck.analytics.v1.PageView' } },
  });

const bytes = (...events: ReturnType<typeof valid>[]) => eventBatchMessage(events).value;

describe('decodeBatch', () => {
  it('accepts a well-formed batch', () => {
    const result = decodeBatch(bytes(valid(), valid()));
    expect(result).toMatchObject({ ok: true, invalid: [] });
    if (result.ok) expect(result.events).toHaveLength(2);
  });

  it('refuses empty, event-less and garbled messages whole, with a reason', () => {
    expect(decodeBatch(null)).toEqual({ ok: false, reason: 'empty message' });
    expect(decodeBatch(bytes())).toEqual({ ok: false, reason: 'empty message' });
    // Readable, but only a field this version does not know: no events in it.
    expect(decodeBatch(Buffer.from([0x10, 0x01]))).toEqual({
      ok: false,
      reason: 'the batch holds no events',
    });
    const garbled = decodeBatch(Buffer.from([0xff, 0xff, 0xff, 0xff, 0x0f]));
    expect(garbled.ok).toBe(false);
    if (!garbled.ok) expect(garbled.reason).toMatch(/not an AnalyticsEventBatch/);
  });

  it('sets aside events that decode but break the schema rules, keeping the good ones', () => {
    const broken = valid();
    broken.eventId = 'nope';
    broken.sessionId = '';
    broken.pagePath = 'x';
    broken.payload = { case: undefined };
    const result = decodeBatch(bytes(valid(), broken));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.events.map((e) => e.eventId)).toEqual([valid().eventId]);
    expect(result.invalid).toEqual([
      {
        event: broken,
        reason:
          'event_id is not a UUID; session_id is missing or malformed; page_path must start with /; payload is missing',
      },
    ]);
  });
});
