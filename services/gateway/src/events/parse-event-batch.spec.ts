import { randomUUID } from 'node:crypto';
import { MAX_EVENTS_PER_BATCH, parseEventBatch } from './parse-event-batch';

const base = () => ({
  id: randomUUID(),
  sessionId: 'session-1234',
  at: 1_700_000_000_000,
  path: '/',
});

describe('parseEventBatch', () => {
  it('accepts a batch of every event type', () => {
    const result = parseEventBatch({
      events: [
        { ...base(), type: 'session_start', referrer: 'https://example.org/' },
        { ...base(), type: 'page_view' },
        { ...base(), type: 'site_visit' },
        { ...base(), type: 'broken_link', requestedPath: '/nope' },
        { ...base(), type: 'session_duration', durationSeconds: 42 },
        { ...base(), type: 'symptom_checker_started' },
        { ...base(), type: 'symptom_checker_step_completed', stepNumber: 3 },
        { ...base(), type: 'symptom_checker_completed' },
        {
          ...base(),
          type: 'diagnosis_received',
          topCondition: 'Trigger Finger',
          diagnosisConfidence: 95,
        },
        { ...base(), type: 'referral_requested', eventData: { source: 'results' } },
        {
          ...base(),
          type: 'checker_completion',
          topCondition: 'Trigger Finger',
          conditionConfidence: 95,
          totalSymptomsReported: 4,
          painIntensity: 4,
          symptomDuration: '1-3 months',
          functionalImpact: 'grip,pinch',
        },
      ],
    });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.events).toHaveLength(11);
  });

  it('names the event and field of every problem', () => {
    const result = parseEventBatch({
      events: [
        { ...base(), type: 'page_view' },
        { ...base(), type: 'symptom_checker_step_completed', stepNumber: 9 },
        { ...base(), type: 'diagnosis_received' },
        { ...base(), type: 'teleport' },
        'hello',
      ],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^events\[1\]\.stepNumber/),
        expect.stringMatching(/^events\[2\]\.topCondition/),
        expect.stringMatching(/^events\[2\]\.diagnosisConfidence/),
        expect.stringMatching(/^events\[3\]\.type must be one of/),
        'events[4] must be an object.',
      ]),
    );
    expect(result.problems.some((p) => p.startsWith('events[0]'))).toBe(false);
  });

  it.each([
    [null, /JSON object/],
    [[], /JSON object/],
    [{}, /events must be a list/],
    [{ events: [] }, /at least one/],
    [
      {
        events: Array.from({ length: MAX_EVENTS_PER_BATCH + 1 }, () => ({
          ...base(),
          type: 'page_view',
        })),
      },
      /at most 100/,
    ],
  ])('refuses the envelope %#', (body, message) => {
    const result = parseEventBatch(body);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join(' ')).toMatch(message);
  });

  it('refuses unknown fields and oversized event data', () => {
    const extra = parseEventBatch({ events: [{ ...base(), type: 'page_view', ip: '1.2.3.4' }] });
    expect(extra.ok).toBe(false);
    if (!extra.ok) expect(extra.problems.join()).toMatch(/ip should not exist/);
    const big = parseEventBatch({
      events: [{ ...base(), type: 'referral_requested', eventData: { note: 'x'.repeat(3000) } }],
    });
    expect(big.ok).toBe(false);
  });

  it('refuses bad paths, session ids and times', () => {
    for (const bad of [
      { path: 'relative' },
      { path: '/with space' },
      { sessionId: 'short' },
      { at: -1 },
      { at: 'now' },
    ]) {
      expect(parseEventBatch({ events: [{ ...base(), type: 'page_view', ...bad }] }).ok).toBe(
        false,
      );
    }
  });
});
