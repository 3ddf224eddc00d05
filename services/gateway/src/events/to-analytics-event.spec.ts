import {
  AnalyticsEventSchema,
  type BrowserEvent,
  MAX_USER_AGENT_LENGTH,
  analyticsEventProblems,
  fromBinary,
  parseEventBatch,
  toBinary,
} from '@handcheck/contracts';
import { clampEventTime, toAnalyticsEvent } from './to-analytics-event';

const context = {
  userAgent: 'Mozilla/5.0',
  receivedAtMs: 1_700_000_000_000,
  location: { country: 'United Kingdom', city: 'Leeds', countryCode: 'GB' },
};

const event = (extra: Record<string, unknown>) =>
  ({
    id: 'ABCDEF01-2345-4678-9abc-def012345678',
    sessionId: 'session-1',
    at: context.receivedAtMs - 1000,
    path: '/faq',
    ...extra,
  }) as unknown as BrowserEvent;

describe('toAnalyticsEvent', () => {
  it('fills in what the browser is not trusted with and survives a protobuf round trip', () => {
    const message = toAnalyticsEvent(
      event({ type: 'session_start', referrer: 'https://x.test/' }),
      context,
    );
    const decoded = fromBinary(AnalyticsEventSchema, toBinary(AnalyticsEventSchema, message));
    expect(decoded.eventId).toBe('abcdef01-2345-4678-9abc-def012345678');
    expect(decoded.receivedAtMs).toBe(BigInt(context.receivedAtMs));
    expect(decoded.userAgent).toBe('Mozilla/5.0');
    expect(decoded.payload.case).toBe('sessionStarted');
    if (decoded.payload.case === 'sessionStarted') {
      expect(decoded.payload.value).toMatchObject({
        landingPage: '/faq',
        country: 'United Kingdom',
        city: 'Leeds',
        isUkUser: true,
      });
    }
  });

  it('marks only GB as a UK user', () => {
    const message = toAnalyticsEvent(event({ type: 'session_start' }), {
      ...context,
      location: { country: 'Ireland', city: 'Dublin', countryCode: 'IE' },
    });
    expect(message.payload.case === 'sessionStarted' && message.payload.value.isUkUser).toBe(false);
  });

  it('caps the user agent', () => {
    const message = toAnalyticsEvent(event({ type: 'page_view' }), {
      ...context,
      userAgent: 'x'.repeat(2000),
    });
    expect(message.userAgent).toHaveLength(MAX_USER_AGENT_LENGTH);
  });

  it('maps checker events and completions', () => {
    const step = toAnalyticsEvent(
      event({ type: 'symptom_checker_step_completed', stepNumber: 2 }),
      context,
    );
    expect(step.payload).toMatchObject({
      case: 'checkerEvent',
      value: { eventType: 'symptom_checker_step_completed', stepNumber: 2 },
    });
    const done = toAnalyticsEvent(
      event({
        type: 'checker_completion',
        topCondition: 'Ganglion Cyst',
        conditionConfidence: 95,
        totalSymptomsReported: 3,
        painIntensity: null,
        symptomDuration: '',
        functionalImpact: null,
      }),
      context,
    );
    expect(done.payload).toMatchObject({
      case: 'checkerCompletion',
      value: { topCondition: 'Ganglion Cyst' },
    });
    expect(done.payload.case === 'checkerCompletion' && done.payload.value.painIntensity).toBe(
      undefined,
    );
  });

  it('maps emergency_check_completed to a checker event carrying only anySign', () => {
    for (const anySign of [true, false]) {
      const message = toAnalyticsEvent(
        event({ type: 'emergency_check_completed', anySign }),
        context,
      );
      const decoded = fromBinary(AnalyticsEventSchema, toBinary(AnalyticsEventSchema, message));
      expect(decoded.payload.case).toBe('checkerEvent');
      if (decoded.payload.case !== 'checkerEvent') continue;
      const { eventType, stepNumber, topCondition, diagnosisConfidence, eventDataJson } =
        decoded.payload.value;
      expect(decoded.payload.value.anySign).toBe(anySign);
      expect({ eventType, stepNumber, topCondition, diagnosisConfidence, eventDataJson }).toEqual({
        eventType: 'emergency_check_completed',
        stepNumber: undefined,
        topCondition: undefined,
        diagnosisConfidence: undefined,
        eventDataJson: '',
      });
    }
  });

  it('maps what the contract accepts, null for "left out" included', () => {
    const parsed = parseEventBatch({
      events: [
        event({ type: 'page_view', referrer: null }),
        event({ type: 'referral_requested', eventData: null }),
        event({ type: 'referral_requested', eventData: { conditions: 3 } }),
      ],
    });
    if (!parsed.ok) throw new Error(parsed.problems.join(' '));
    const [view, bare, withData] = parsed.events.map((e) => toAnalyticsEvent(e, context));
    expect(view.referrer).toBe('');
    expect(bare.payload).toMatchObject({ case: 'checkerEvent', value: { eventDataJson: '' } });
    expect(withData.payload).toMatchObject({ value: { eventDataJson: '{"conditions":3}' } });
  });

  it('keeps browser times within a sane window of the server clock', () => {
    const now = 1_000_000_000_000;
    expect(clampEventTime(now - 5000, now)).toBe(now - 5000);
    expect(clampEventTime(now + 3_600_000, now)).toBe(now + 60_000);
    expect(clampEventTime(0, now)).toBe(now - 7 * 24 * 3600 * 1000);
  });
});

describe('toAnalyticsEvent stores text safely (issue 14, item 8)', () => {
  it('drops query strings and control characters from paths, and cuts the referrer to origin + path', () => {
    const start = toAnalyticsEvent(
      event({
        type: 'session_start',
        path: '/faq\u0000\u001b[2J?email=jane@example.com',
        referrer: 'https://mail.example.com/inbox?token=secret&q=jane',
      }),
      { ...context, userAgent: 'Bot\u001b[31m/1.0' },
    );
    expect(start.pagePath).toBe('/faq[2J');
    expect(start.referrer).toBe('https://mail.example.com/inbox');
    expect(start.userAgent).toBe('Bot[31m/1.0');
    expect(start.payload.case === 'sessionStarted' && start.payload.value.landingPage).toBe(
      '/faq[2J',
    );

    const broken = toAnalyticsEvent(
      event({ type: 'broken_link', requestedPath: '/old\u0007?ref=newsletter' }),
      context,
    );
    expect(broken.payload.case === 'brokenLink' && broken.payload.value.requestedPath).toBe('/old');
  });
});

describe('the consumer accepts what the gateway accepted (issue 25)', () => {
  it('maps every type so that the message passes the same rules in ingestion, and a field its type lacks does not', () => {
    const events = [
      event({ type: 'session_start', referrer: 'https://x.test/a' }),
      event({ type: 'page_view' }),
      event({ type: 'site_visit' }),
      event({ type: 'broken_link', requestedPath: '/nope' }),
      event({ type: 'session_duration', durationSeconds: 30 }),
      event({ type: 'symptom_checker_started' }),
      event({ type: 'emergency_check_completed', anySign: true }),
      event({ type: 'emergency_check_completed', anySign: false }),
      event({ type: 'symptom_checker_step_completed', stepNumber: 4 }),
      event({ type: 'symptom_checker_completed' }),
      event({
        type: 'diagnosis_received',
        topCondition: 'Trigger Finger',
        diagnosisConfidence: 95,
      }),
      event({
        type: 'referral_requested',
        topCondition: 'Trigger Finger',
        diagnosisConfidence: 95,
        eventData: { conditions: 2 },
      }),
      event({
        type: 'checker_completion',
        topCondition: 'Ganglion Cyst',
        conditionConfidence: 95,
        totalSymptomsReported: 3,
        painIntensity: 4,
        symptomDuration: '1-4 weeks',
        functionalImpact: 'grip, pinch',
      }),
    ];
    const parsed = parseEventBatch({ events });
    expect(parsed).toMatchObject({ ok: true });
    for (const original of events) {
      expect(analyticsEventProblems(toAnalyticsEvent(original, context))).toEqual([]);
    }
    const referral = toAnalyticsEvent(events[11]!, context);
    if (referral.payload.case !== 'checkerEvent') throw new Error('expected a checker event');
    referral.payload.value.stepNumber = 4;
    expect(analyticsEventProblems(referral)).toEqual([
      'event.stepNumber is not a field of referral_requested events; leave it out.',
    ]);
  });

  it('stores the User-Agent reduced, never verbatim', () => {
    const message = toAnalyticsEvent(event({ type: 'page_view' }), {
      ...context,
      userAgent: 'MyApp/1 (jane@example.com) 447700900123',
    });
    expect(message.userAgent).toBe('MyApp/1 ([email]) [number]');
  });
});
