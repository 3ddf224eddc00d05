import { randomUUID } from 'node:crypto';
import {
  AnalyticsEventSchema,
  CheckerCompletionSchema,
  CheckerEventSchema,
  MAX_EVENTS_PER_RECORD,
  create,
  eventBatchMessage,
} from '@handcheck/contracts';
import {
  MAX_EVENTS_PER_MESSAGE,
  countEvents,
  decodeBatch,
  decodeMessages,
  eventDeadLetter,
} from './decode-batch';

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
        reason: 'payload is missing',
      },
    ]);
  });

  it('splits a consumed batch into the events to store and dead letters: whole messages, single events', () => {
    const message = (value: Buffer | null, offset: string) => ({
      key: null,
      value,
      offset,
      headers: {},
    });
    const broken = create(AnalyticsEventSchema, { ...valid(), eventId: 'nope' });
    const garbled = message(Buffer.from('not protobuf \xff'), '7');
    const mixed = message(bytes(valid(), broken), '8');
    const { toStore, deadLetters } = decodeMessages([garbled, mixed]);
    expect(toStore.map(({ event, message }) => [event.eventId, message.offset])).toEqual([
      [valid().eventId, '8'],
    ]);
    expect(toStore[0]!.rows.map(([table]) => table)).toContain('analytics_events');
    expect(deadLetters).toEqual([
      { key: null, value: garbled.value, offset: '7', reason: expect.stringMatching(/^not an/) },
      eventDeadLetter(broken, mixed, expect.stringMatching(/^event\.id must be a UUID/)),
    ]);
    expect(deadLetters[1]!.value).toEqual(bytes(broken));
  });
});

describe('decodeBatch value ranges and message size', () => {
  it('sets aside an event whose times ClickHouse cannot hold, keeping the good ones', () => {
    const far = valid();
    far.occurredAtMs = 8_640_000_000_000_001n; // past what a Date can hold
    const after2106 = valid();
    after2106.receivedAtMs = 4_294_967_296_000n;
    const result = decodeBatch(bytes(valid(), far, after2106));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.events).toHaveLength(1);
    expect(result.invalid.map((i) => i.reason)).toEqual([
      'occurred_at_ms is after 2106',
      'received_at_ms is after 2106',
    ]);
  });

  it('checks each event with the browser contract the gateway ran', () => {
    const stranger = valid();
    stranger.eventId = 'nope';
    stranger.sessionId = '';
    stranger.pagePath = 'x';
    const junk = valid();
    junk.payload = {
      case: 'checkerEvent',
      value: create(CheckerEventSchema, {
        eventType: 'referral_requested',
        topCondition: '\u0000\u00ff\ufffd',
        eventDataJson: '{"email":"jane@example.com","ip":"203.0.113.77"}',
      }),
    };
    const result = decodeBatch(bytes(stranger, junk));
    expect(result.ok && result.events).toEqual([]);
    expect(result.ok && result.invalid.map((i) => i.reason)).toEqual([
      'event.id must be a UUID, e.g. 3f2b8c1e-9d4a-4c7b-8e2f-1a6b5c4d3e2f.; event.sessionId must be 8 to 64 letters, digits or dashes.; event.path must be a path that starts with / and has no spaces, at most 2048 characters.',
      expect.stringMatching(
        /^event\.topCondition must be one of: .*; event\.eventData\.email is not a field of referral_requested eventData; leave it out\.; event\.eventData\.ip is not a field/,
      ),
    ]);
  });

  it('keeps emergency_check_completed with anySign and sets it aside without it, or with signs in eventData', () => {
    const checked = (fields: { anySign?: boolean; eventDataJson?: string }) => {
      const event = valid();
      event.payload = {
        case: 'checkerEvent',
        value: create(CheckerEventSchema, { eventType: 'emergency_check_completed', ...fields }),
      };
      return event;
    };
    const result = decodeBatch(
      bytes(
        checked({ anySign: true }),
        checked({ anySign: false }),
        checked({}),
        checked({ anySign: true, eventDataJson: '{"signs":["bite"]}' }),
      ),
    );
    expect(result.ok && result.events.length).toBe(2);
    expect(result.ok && result.invalid.map((i) => i.reason)).toEqual([
      'event.anySign is missing: it must be true or false.',
      'event.eventData is not a field of emergency_check_completed events; leave it out.',
    ]);
  });

  it('checks numbers against the ranges the browser contract allows', () => {
    const step = valid();
    step.payload = {
      case: 'checkerEvent',
      value: create(CheckerEventSchema, {
        eventType: 'symptom_checker_step_completed',
        stepNumber: 300,
      }),
    };
    const completion = valid();
    completion.payload = {
      case: 'checkerCompletion',
      value: create(CheckerCompletionSchema, {
        topCondition: 'Trigger Finger',
        conditionConfidence: 101,
        painIntensity: 11,
      }),
    };
    const result = decodeBatch(bytes(step, completion));
    expect(result.ok && result.invalid.map((i) => i.reason)).toEqual([
      'event.stepNumber must be a whole number from 1 to 6.',
      'event.conditionConfidence must be a whole number from 0 to 100.; event.painIntensity must be a whole number from 0 to 10, or null.',
    ]);
  });

  it('reads requests the gateway joined into one record (their encodings end to end) as one batch, in order', () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()] as const;
    const event = (eventId: string, sessionId: string) =>
      create(AnalyticsEventSchema, { ...valid(), eventId, sessionId });
    const result = decodeBatch(
      Buffer.concat([
        bytes(event(ids[0], 'session-1')),
        bytes(event(ids[1], 'session-2'), event(ids[2], 'session-2')),
      ]),
    );
    expect(result).toMatchObject({ ok: true, invalid: [] });
    expect(result.ok && result.events.map((e) => [e.eventId, e.sessionId])).toEqual([
      [ids[0], 'session-1'],
      [ids[1], 'session-2'],
      [ids[2], 'session-2'],
    ]);
  });

  it('refuses a message with more events than the gateway joins into one record, whole and without decoding them', () => {
    expect(countEvents(bytes(valid(), valid(), valid()))).toBe(3);
    expect(countEvents(Buffer.from([0x0a, 0x05, 0x00]))).toBeUndefined(); // an event past the end
    const empties = Buffer.alloc(2 * 2_000_000);
    for (let i = 0; i < empties.length; i += 2) empties[i] = 0x0a; // field 1, length 0: an empty event
    const started = process.memoryUsage().heapUsed;
    const result = decodeBatch(empties);
    expect(result).toEqual({
      ok: false,
      reason: `the message holds 2000000 events, more than ${MAX_EVENTS_PER_MESSAGE}`,
    });
    expect(process.memoryUsage().heapUsed - started).toBeLessThan(50_000_000);
    expect(MAX_EVENTS_PER_MESSAGE).toBe(MAX_EVENTS_PER_RECORD);
    const most = Array.from({ length: MAX_EVENTS_PER_MESSAGE }, valid);
    expect(decodeBatch(bytes(...most)).ok).toBe(true);
    expect(decodeBatch(bytes(...most, valid()))).toEqual({
      ok: false,
      reason: `the message holds ${MAX_EVENTS_PER_MESSAGE + 1} events, more than ${MAX_EVENTS_PER_MESSAGE}`,
    });
  });
});
