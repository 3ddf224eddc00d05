import { randomUUID } from 'node:crypto';
import { type BrowserEvent, MAX_EVENTS_PER_BATCH, MAX_PATH_LENGTH } from './events';
import { browserEventProblems, parseEventBatch } from './parse-event-batch';

const base = () => ({
  id: randomUUID(),
  sessionId: 'session-1234',
  at: 1_700_000_000_000,
  path: '/',
});

/** One valid event of every type, typed by the contract. */
const everyType = (): BrowserEvent[] => [
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
];

const problemsOf = (body: unknown): string[] => {
  const result = parseEventBatch(body);
  return result.ok ? [] : result.problems;
};

describe('parseEventBatch', () => {
  it('accepts a batch of every event type', () => {
    const result = parseEventBatch({ events: everyType() });
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

  it('says in words what a field must be', () => {
    expect(
      problemsOf({
        events: [
          { ...base(), type: 'symptom_checker_step_completed', stepNumber: 9 },
          { ...base(), type: 'diagnosis_received', diagnosisConfidence: 50 },
        ],
      }),
    ).toEqual([
      'events[0].stepNumber must be a whole number from 1 to 6.',
      'events[1].topCondition is missing: it must be text of at most 100 characters.',
    ]);
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
    [{ events: [{ ...base(), type: 'page_view' }], extra: 1 }, /extra is not allowed/],
  ])('refuses the envelope %#', (body, message) => {
    const result = parseEventBatch(body);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join(' ')).toMatch(message);
  });

  it('accepts exactly MAX_EVENTS_PER_BATCH events', () => {
    const events = Array.from({ length: MAX_EVENTS_PER_BATCH }, () => ({
      ...base(),
      type: 'page_view',
    }));
    expect(parseEventBatch({ events }).ok).toBe(true);
  });

  it('refuses unknown fields and oversized event data', () => {
    const extra = parseEventBatch({ events: [{ ...base(), type: 'page_view', ip: '1.2.3.4' }] });
    expect(extra.ok).toBe(false);
    if (!extra.ok) {
      expect(extra.problems).toEqual([
        'events[0].ip is not a field of page_view events; leave it out.',
      ]);
    }
    // A field of another type is unknown too.
    expect(parseEventBatch({ events: [{ ...base(), type: 'page_view', stepNumber: 1 }] }).ok).toBe(
      false,
    );
    // Inherited names are not fields.
    expect(parseEventBatch({ events: [{ ...base(), type: 'page_view', toString: 'x' }] }).ok).toBe(
      false,
    );
    const big = parseEventBatch({
      events: [{ ...base(), type: 'referral_requested', eventData: { note: 'x'.repeat(3000) } }],
    });
    expect(big.ok).toBe(false);
    if (!big.ok) expect(big.problems.join()).toMatch(/eventData must be at most 2048 characters/);
  });

  it('refuses bad paths, session ids, ids and times', () => {
    for (const bad of [
      { path: 'relative' },
      { path: '/with space' },
      { path: `/${'a'.repeat(MAX_PATH_LENGTH)}` },
      { path: undefined },
      { sessionId: 'short' },
      { sessionId: 'has space 123' },
      { id: 'not-a-uuid' },
      { id: '3f2b8c1e-9d4a-0c7b-8e2f-1a6b5c4d3e2f' },
      { at: -1 },
      { at: 1.5 },
      { at: 'now' },
      { referrer: 42 },
      { type: 'toString' },
    ]) {
      expect(parseEventBatch({ events: [{ ...base(), type: 'page_view', ...bad }] }).ok).toBe(
        false,
      );
    }
  });

  it('accepts what the old class-validator DTOs accepted at the edges', () => {
    const ok = (event: Record<string, unknown>) =>
      expect(browserEventProblems({ ...base(), ...event })).toEqual([]);
    // Any UUID version 1 to 8, the nil and max UUIDs, upper case.
    ok({ type: 'page_view', id: '3F2B8C1E-9D4A-1C7B-8E2F-1A6B5C4D3E2F' });
    ok({ type: 'page_view', id: '00000000-0000-0000-0000-000000000000' });
    // Optional fields may be null.
    ok({ type: 'page_view', referrer: null });
    ok({ type: 'referral_requested', eventData: null });
    ok({
      type: 'checker_completion',
      topCondition: '',
      conditionConfidence: 0,
      totalSymptomsReported: 0,
      painIntensity: null,
      symptomDuration: '',
      functionalImpact: null,
    });
    // Lengths count an emoji (a surrogate pair) as one character.
    ok({ type: 'broken_link', requestedPath: '😀'.repeat(MAX_PATH_LENGTH) });
    ok({ type: 'session_duration', durationSeconds: 7 * 24 * 3600 });
    // Optional checker fields are checked when present.
    expect(
      browserEventProblems({ ...base(), type: 'symptom_checker_started', stepNumber: null }),
    ).toEqual(['event.stepNumber must be a whole number from 1 to 6.']);
  });

  it('refuses out-of-range checker completions', () => {
    const completion = everyType()[10];
    for (const bad of [
      { conditionConfidence: 101 },
      { totalSymptomsReported: -1 },
      { painIntensity: 11 },
      { symptomDuration: 'x'.repeat(51) },
      { functionalImpact: 'x'.repeat(101) },
      { topCondition: undefined },
    ]) {
      expect(parseEventBatch({ events: [{ ...completion, ...bad }] }).ok).toBe(false);
    }
  });
});
