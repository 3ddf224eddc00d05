import { analyzeSymptoms, emptyAnswers } from '@handcheck/diagnosis';
// The contract's validator, the one the gateway runs: the tracker's events must pass it unchanged.
import { parseEventBatch } from '@handcheck/contracts/browser-events';
import { completionEventData } from '../features/questionnaire/completeAssessment';
import { MAX_TEXT, makeEvent, randomId } from './events';
import { trackEvent } from './browserTracker';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('analytics ids', () => {
  it('makes distinct RFC 4122 version 4 ids', () => {
    const ids = Array.from({ length: 50 }, randomId);
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('builds them from random bytes where randomUUID is missing (plain-http origins)', () => {
    // An own property shadows the prototype's method, as in an insecure context.
    Object.defineProperty(globalThis.crypto, 'randomUUID', {
      value: undefined,
      configurable: true,
    });
    try {
      const ids = Array.from({ length: 20 }, randomId);
      for (const id of ids) expect(id).toMatch(UUID_V4);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      delete (globalThis.crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(typeof globalThis.crypto.randomUUID).toBe('function');
  });
});

describe('analytics events', () => {
  const session = randomId();

  it('builds events the gateway accepts, for every type the site sends', () => {
    const answers = {
      ...emptyAnswers(),
      painLocation: ['Wrist'],
      swelling: true,
      painIntensity: 'Severe (7-10/10)',
    };
    const matched = analyzeSymptoms(answers);
    const nothing = analyzeSymptoms(emptyAnswers());
    const top = matched.topConditions[0];
    const events = [
      makeEvent('session_start', '/', session, {}, 'https://www.example.org/'),
      makeEvent('site_visit', '/', session, {}, 'https://www.example.org/'),
      makeEvent('page_view', '/', session),
      makeEvent('page_view', '/faq', session),
      makeEvent('broken_link', '/no-such-page', session, { requestedPath: '/no-such-page' }),
      makeEvent('symptom_checker_started', '/symptom-checker', session),
      ...[1, 2, 3, 4, 5, 6].map((stepNumber) =>
        makeEvent('symptom_checker_step_completed', '/', session, { stepNumber }),
      ),
      makeEvent('symptom_checker_completed', '/', session),
      makeEvent('checker_completion', '/', session, completionEventData(answers, matched)),
      makeEvent('checker_completion', '/', session, completionEventData(emptyAnswers(), nothing)),
      makeEvent('diagnosis_received', '/', session, {
        topCondition: top.condition,
        diagnosisConfidence: top.confidence,
      }),
      makeEvent('referral_requested', '/', session, { eventData: { conditions: 3 } }),
      makeEvent('session_duration', '/about', session, { durationSeconds: 95 }),
    ];
    const parsed = parseEventBatch(JSON.parse(JSON.stringify({ events })));
    expect(parsed).toEqual({ ok: true, events: expect.any(Array) });
    // The check is strict: a field the gateway does not know fails the batch.
    expect(parseEventBatch({ events: [{ ...events[0], occurredAt: '2025-01-01' }] }).ok).toBe(
      false,
    );
  });

  it("types each event's fields from the contract", () => {
    // Never called: the checks are the compiler's (`npm run typecheck -w web`).
    const typeChecks = () => {
      trackEvent('symptom_checker_started');
      trackEvent('diagnosis_received', { topCondition: 'Ganglion Cyst', diagnosisConfidence: 80 });
      // @ts-expect-error a completed step needs its number
      trackEvent('symptom_checker_step_completed');
      // @ts-expect-error a checker event has no requested path
      trackEvent('symptom_checker_started', { requestedPath: '/x' });
      // @ts-expect-error a diagnosis needs its confidence
      trackEvent('diagnosis_received', { topCondition: 'Ganglion Cyst' });
    };
    void typeChecks;
    expect(
      typeof makeEvent('broken_link', '/x', session, { requestedPath: '/x' }).requestedPath,
    ).toBe('string');
  });

  it('leaves out an empty referrer and stamps the given time and id', () => {
    const id = randomId();
    expect(makeEvent('page_view', '/about', session, {}, '', 1_700_000_000_000, id)).toEqual({
      type: 'page_view',
      id,
      sessionId: session,
      at: 1_700_000_000_000,
      path: '/about',
    });
  });

  it('clips paths and referrers the gateway would reject as too long', () => {
    const long = `/${'a'.repeat(5000)}`;
    const event = makeEvent(
      'broken_link',
      long,
      session,
      { requestedPath: long },
      `https://x.example${long}`,
    );
    expect(event.path).toHaveLength(MAX_TEXT);
    expect(event.requestedPath).toHaveLength(MAX_TEXT);
    expect(event.referrer).toHaveLength(MAX_TEXT);
    expect(parseEventBatch({ events: [event] }).ok).toBe(true);
  });
});
