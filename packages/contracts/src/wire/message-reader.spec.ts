import { fromBinary, toBinary } from '@bufbuild/protobuf';
import { StructSchema } from '@bufbuild/protobuf/wkt';
import {
  type AnalyticsEvent,
  type AnalyticsEventBatch,
  AnalyticsEventBatchSchema,
} from '../gen/handcheck/analytics/v1/events_pb';
import { analyticsEvent as event } from './analytics-event.fixture';
import { compileCommonReader, compileMessageReader } from './message-reader';

const readBatch = compileMessageReader(AnalyticsEventBatchSchema);
const readCommon = compileCommonReader(AnalyticsEventBatchSchema);

function bytesOf(events: AnalyticsEvent[]): Buffer {
  const batch: AnalyticsEventBatch = {
    $typeName: 'handcheck.analytics.v1.AnalyticsEventBatch',
    events,
  };
  return Buffer.from(toBinary(AnalyticsEventBatchSchema, batch));
}

/** A value with every object as its entries in order: equal only when the keys' order is. */
function inOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inOrder);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).map(([key, item]) => [key, inOrder(item)]);
  }
  return value;
}

/** What reading gives: the message, or the error's message. */
function outcome(read: () => unknown): unknown {
  try {
    return { message: inOrder(read()) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function expectReadAsFromBinary(bytes: Buffer): void {
  expect(outcome(() => readBatch(bytes))).toEqual(
    outcome(() => fromBinary(AnalyticsEventBatchSchema, bytes)),
  );
  const common = readCommon(bytes);
  if (common !== undefined) {
    expect(inOrder(common)).toEqual(inOrder(fromBinary(AnalyticsEventBatchSchema, bytes)));
    expect(common).toStrictEqual(fromBinary(AnalyticsEventBatchSchema, bytes));
  }
}

const EVERY_PAYLOAD: AnalyticsEvent[] = [
  event(),
  event({
    referrer: 'https://www.google.com/',
    payload: {
      case: 'sessionStarted',
      value: {
        $typeName: 'handcheck.analytics.v1.SessionStarted',
        landingPage: '/',
        country: 'United Kingdom',
        city: 'York',
        isUkUser: true,
      },
    },
  }),
  event({
    payload: {
      case: 'checkerEvent',
      value: {
        $typeName: 'handcheck.analytics.v1.CheckerEvent',
        eventType: 'diagnosis_received',
        topCondition: 'Trigger Finger',
        diagnosisConfidence: 80,
        eventDataJson: '',
      },
    },
  }),
  event({
    payload: {
      case: 'checkerEvent',
      value: {
        $typeName: 'handcheck.analytics.v1.CheckerEvent',
        eventType: 'emergency_check_completed',
        eventDataJson: '{"a":1}',
        anySign: false,
        stepNumber: 0,
      },
    },
  }),
  event({
    payload: { case: 'siteVisit', value: { $typeName: 'handcheck.analytics.v1.SiteVisit' } },
  }),
  event({
    payload: {
      case: 'brokenLink',
      value: { $typeName: 'handcheck.analytics.v1.BrokenLink', requestedPath: '/old' },
    },
  }),
  event({
    payload: {
      case: 'sessionDuration',
      value: {
        $typeName: 'handcheck.analytics.v1.SessionDuration',
        durationSeconds: 4_294_967_295,
      },
    },
  }),
  event({
    payload: {
      case: 'checkerCompletion',
      value: {
        $typeName: 'handcheck.analytics.v1.CheckerCompletion',
        topCondition: 'Ganglion Cyst',
        conditionConfidence: 70,
        totalSymptomsReported: 3,
        painIntensity: 0,
        symptomDuration: '1-4 weeks',
        functionalImpact: 'mild',
      },
    },
  }),
  event({
    eventId: '',
    sessionId: '',
    occurredAtMs: 0n,
    receivedAtMs: 0n,
    userAgent: '',
    pagePath: '',
    payload: { case: undefined },
  }),
];

/** A small deterministic generator, so a failure names a case that can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('compileMessageReader', () => {
  it('reads every payload as fromBinary does, itself (the common case)', () => {
    const bytes = bytesOf(EVERY_PAYLOAD);
    expect(readCommon(bytes)).toBeDefined();
    expectReadAsFromBinary(bytes);
    for (const one of EVERY_PAYLOAD) expectReadAsFromBinary(bytesOf([one]));
    // Each message has its own lists and payload, as fromBinary's have.
    const [first, second] = [readBatch(bytes), readBatch(bytes)];
    expect(first.events).not.toBe(second.events);
    expect(first.events.at(-1)!.payload).not.toBe(second.events.at(-1)!.payload);
  });

  it('reads batches joined end to end, and an empty message, as one batch', () => {
    const joined = Buffer.concat([bytesOf(EVERY_PAYLOAD.slice(0, 3)), bytesOf(EVERY_PAYLOAD)]);
    expect(readCommon(joined)?.events).toHaveLength(3 + EVERY_PAYLOAD.length);
    expectReadAsFromBinary(joined);
    expectReadAsFromBinary(Buffer.alloc(0));
  });

  it('reads text as fromBinary does, and leaves U+FFFD and invalid UTF-8 to it', () => {
    for (const text of ['café', 'thumb 👍', '\ufffd', '\ufeffbom', '東京']) {
      const bytes = bytesOf([event({ userAgent: text, pagePath: `/${text}` })]);
      expectReadAsFromBinary(bytes);
      expect(readCommon(bytes) === undefined).toBe(text === '\ufffd');
    }
    const broken = bytesOf([event()]);
    broken[broken.indexOf('Mozilla')] = 0xc3;
    expect(readCommon(broken)).toBeUndefined();
    expect(() => readBatch(broken)).toThrow();
    expectReadAsFromBinary(broken);
  });

  it('leaves numbers past 49 bits, and negative times, to fromBinary', () => {
    for (const ms of [2n ** 49n - 1n, 2n ** 49n, 2n ** 63n - 1n, -1n]) {
      expectReadAsFromBinary(bytesOf([event({ occurredAtMs: ms, receivedAtMs: ms })]));
    }
    expect(readCommon(bytesOf([event({ occurredAtMs: 2n ** 49n - 1n })]))).toBeDefined();
    expect(readCommon(bytesOf([event({ occurredAtMs: 2n ** 49n })]))).toBeUndefined();
  });

  it('leaves unknown fields, other wire types, merged payloads and long tags to fromBinary', () => {
    const unknownField = Buffer.concat([bytesOf([event()]), Buffer.from([0x98, 0x06, 0x01])]);
    // Field 1 (events) in five bytes, which fromBinary takes, and in six, which it refuses.
    const fiveByteTag = Buffer.from([0x8a, 0x80, 0x80, 0x80, 0x00, 0x00]);
    const sixByteTag = Buffer.from([0x8a, 0x80, 0x80, 0x80, 0x80, 0x00, 0x00]);
    const others: Buffer[] = [
      // Field 1 (events) as a varint.
      Buffer.from([0x08, 0x01]),
      // A session start sent twice inside one event: fromBinary merges the two.
      Buffer.from([
        0x0a, 0x0c, 0x5a, 0x04, 0x0a, 0x02, 0x2f, 0x61, 0x5a, 0x04, 0x12, 0x02, 0x55, 0x4b,
      ]),
      // A duration of 2^32 + 5 seconds, which fromBinary cuts to its low 32 bits.
      Buffer.from([0x0a, 0x08, 0x7a, 0x06, 0x08, 0x85, 0x80, 0x80, 0x80, 0x10]),
      // anySign written as 2, and as 1 in two bytes.
      Buffer.from([0x0a, 0x04, 0x62, 0x02, 0x30, 0x02]),
      Buffer.from([0x0a, 0x05, 0x62, 0x03, 0x30, 0x81, 0x00]),
    ];
    for (const bytes of [unknownField, fiveByteTag, sixByteTag, ...others]) {
      expectReadAsFromBinary(bytes);
    }
    expect(readCommon(unknownField)).toBeUndefined();
    expect(readCommon(fiveByteTag)).toBeDefined();
    expect(readCommon(sixByteTag)).toBeUndefined();
  });

  it('reads changed and cut bytes exactly as fromBinary does (errors included)', () => {
    const next = random(7);
    const whole = bytesOf(EVERY_PAYLOAD);
    let common = 0;
    for (let run = 0; run < 3000; run += 1) {
      const bytes = Buffer.from(whole);
      const edits = 1 + Math.floor(next() * 3);
      for (let edit = 0; edit < edits; edit += 1) {
        bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
      }
      const cut = next() < 0.3 ? Math.floor(next() * bytes.length) : bytes.length;
      expectReadAsFromBinary(bytes.subarray(0, cut));
      if (readCommon(bytes.subarray(0, cut)) !== undefined) common += 1;
    }
    // Both ways of reading are exercised.
    expect(common).toBeGreaterThan(300);
    expect(common).toBeLessThan(2700);
  });

  it('refuses, when compiled, a schema with field kinds it does not read', () => {
    expect(() => compileMessageReader(StructSchema)).toThrow(/does not read; use fromBinary/);
  });
});
