import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { StructSchema } from '@bufbuild/protobuf/wkt';
import {
  type AnalyticsEvent,
  type AnalyticsEventBatch,
  AnalyticsEventBatchSchema,
  AnalyticsEventSchema,
  CheckerCompletionSchema,
  CheckerEventSchema,
  SessionStartedSchema,
} from '../gen/handcheck/analytics/v1/events_pb';
import { analyticsEvent as event } from './analytics-event.fixture';
import { compileMessageWriter } from './message-writer';

const writeBatch = compileMessageWriter(AnalyticsEventBatchSchema);

function batch(events: AnalyticsEvent[]): AnalyticsEventBatch {
  return { $typeName: 'handcheck.analytics.v1.AnalyticsEventBatch', events };
}

function expectSameBytes(message: AnalyticsEventBatch): void {
  const ours = writeBatch(message);
  expect(Buffer.isBuffer(ours)).toBe(true);
  expect(ours.toString('hex')).toBe(
    Buffer.from(toBinary(AnalyticsEventBatchSchema, message)).toString('hex'),
  );
}

/** A small deterministic generator, so a failure names a case that can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const TEXTS = [
  '',
  'a',
  'x'.repeat(64),
  'x'.repeat(65),
  'x'.repeat(127),
  'x'.repeat(128),
  'x'.repeat(300),
  'café',
  `${'x'.repeat(63)}é`,
  '東京の病院',
  'thumb 👍 pain',
  'é'.repeat(70),
  '\u0000\u007f\u0080',
];

describe('compileMessageWriter', () => {
  it('writes a page view as toBinary does', () => {
    expectSameBytes(batch([event()]));
  });

  it('writes an empty batch and an event with every text empty and times at zero', () => {
    expectSameBytes(batch([]));
    expectSameBytes(
      batch([
        event({
          eventId: '',
          sessionId: '',
          userAgent: '',
          pagePath: '',
          occurredAtMs: 0n,
          receivedAtMs: 0n,
        }),
      ]),
    );
  });

  it('writes every payload, with optional fields unset, set to their zero and set', () => {
    const payloads: AnalyticsEvent['payload'][] = [
      { case: 'siteVisit', value: { $typeName: 'handcheck.analytics.v1.SiteVisit' } },
      {
        case: 'brokenLink',
        value: { $typeName: 'handcheck.analytics.v1.BrokenLink', requestedPath: '/old' },
      },
      {
        case: 'sessionDuration',
        value: { $typeName: 'handcheck.analytics.v1.SessionDuration', durationSeconds: 0 },
      },
      {
        case: 'sessionDuration',
        value: {
          $typeName: 'handcheck.analytics.v1.SessionDuration',
          durationSeconds: 4_294_967_295,
        },
      },
      {
        case: 'sessionStarted',
        value: create(SessionStartedSchema, {
          landingPage: '/',
          country: 'United Kingdom',
          city: 'Leeds',
          isUkUser: true,
        }),
      },
      { case: 'sessionStarted', value: create(SessionStartedSchema, { isUkUser: false }) },
      {
        case: 'checkerEvent',
        value: create(CheckerEventSchema, { eventType: 'checker_started', eventDataJson: '' }),
      },
      {
        case: 'checkerEvent',
        value: create(CheckerEventSchema, {
          eventType: 'checker_step',
          stepNumber: 0,
          topCondition: '',
          diagnosisConfidence: 0,
          eventDataJson: '{"a":1}',
          anySign: false,
        }),
      },
      {
        case: 'checkerEvent',
        value: create(CheckerEventSchema, {
          eventType: 'x',
          stepNumber: 6,
          topCondition: 'Trigger finger',
          diagnosisConfidence: 87,
          anySign: true,
        }),
      },
      {
        case: 'checkerCompletion',
        value: create(CheckerCompletionSchema, {
          topCondition: 'Carpal tunnel syndrome',
          conditionConfidence: 92,
          totalSymptomsReported: 7,
          painIntensity: 0,
          symptomDuration: '2-6 weeks',
          functionalImpact: '',
        }),
      },
      { case: 'checkerCompletion', value: create(CheckerCompletionSchema, { topCondition: 'x' }) },
      { case: undefined },
    ];
    for (const payload of payloads) expectSameBytes(batch([event({ payload })]));
    expectSameBytes(batch(payloads.map((payload) => event({ payload }))));
  });

  it('writes texts of every length and script, long parts and large and negative times', () => {
    for (const text of TEXTS) {
      expectSameBytes(
        batch([event({ userAgent: text, pagePath: text, referrer: text, eventId: text })]),
      );
    }
    for (const time of [
      1n,
      127n,
      128n,
      2n ** 32n - 1n,
      2n ** 32n,
      2n ** 53n + 1n,
      2n ** 63n - 1n,
      -1n,
      -(2n ** 63n),
    ]) {
      expectSameBytes(batch([event({ occurredAtMs: time, receivedAtMs: time })]));
    }
  });

  it('writes the fields a message carries unknown, as toBinary does', () => {
    const unknown = [
      { no: 40, wireType: 2, data: Uint8Array.from([3, 97, 98, 99]) },
      { no: 41, wireType: 0, data: Uint8Array.from([150, 1]) },
    ];
    expectSameBytes({ ...batch([{ ...event(), $unknown: unknown }]), $unknown: unknown });
  });

  it('writes messages made by create(), and many random events past its first buffer', () => {
    expectSameBytes(
      create(AnalyticsEventBatchSchema, {
        events: [create(AnalyticsEventSchema, { eventId: 'e' })],
      }),
    );
    const next = random(40);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const events = Array.from({ length: 2_000 }, () =>
      event({
        eventId: pick(TEXTS),
        userAgent: pick(TEXTS),
        referrer: pick(TEXTS),
        occurredAtMs: BigInt(Math.floor(next() * 2 ** 45)),
        payload: pick([
          {
            case: 'brokenLink',
            value: { $typeName: 'handcheck.analytics.v1.BrokenLink', requestedPath: pick(TEXTS) },
          },
          {
            case: 'sessionDuration',
            value: {
              $typeName: 'handcheck.analytics.v1.SessionDuration',
              durationSeconds: Math.floor(next() * 2 ** 32),
            },
          },
          { case: 'pageView', value: { $typeName: 'handcheck.analytics.v1.PageView' } },
        ] as const),
      }),
    );
    const message = batch(events);
    expect(writeBatch(message).length).toBeGreaterThan(64 * 1024);
    expectSameBytes(message);
    expect(fromBinary(AnalyticsEventBatchSchema, writeBatch(message)).events).toHaveLength(2_000);
    // The scratch buffer is shared: a later, smaller message carries nothing of the larger one.
    expectSameBytes(batch([event()]));
  });

  it('refuses what toBinary would refuse, and field kinds it does not write when compiled', () => {
    const tooLarge = event({
      payload: {
        case: 'sessionDuration',
        value: { $typeName: 'handcheck.analytics.v1.SessionDuration', durationSeconds: 2 ** 32 },
      },
    });
    expect(() => toBinary(AnalyticsEventBatchSchema, batch([tooLarge]))).toThrow();
    expect(() => writeBatch(batch([tooLarge]))).toThrow(/invalid uint32/);
    expect(() => compileMessageWriter(StructSchema)).toThrow(/does not write/);
  });
});
