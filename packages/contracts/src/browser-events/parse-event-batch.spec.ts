import { randomUUID } from 'node:crypto';
import { type EventRules, compileEventCheck } from './event-rules';
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
  { ...base(), type: 'emergency_check_completed', anySign: false },
  { ...base(), type: 'symptom_checker_step_completed', stepNumber: 3 },
  { ...base(), type: 'symptom_checker_completed' },
  {
    ...base(),
    type: 'diagnosis_received',
    topCondition: 'Trigger Finger',
    diagnosisConfidence: 95,
  },
  { ...base(), type: 'referral_requested', eventData: { conditions: 2 } },
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
    if (result.ok) expect(result.events).toHaveLength(12);
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
      expect.stringMatching(
        /^events\[1\]\.topCondition is missing: it must be one of: Carpal Tunnel Syndrome, .*, Skin Lesion\/Lump\.$/,
      ),
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
    const note = parseEventBatch({
      events: [{ ...base(), type: 'referral_requested', eventData: { note: 'x'.repeat(3000) } }],
    });
    expect(note.ok).toBe(false);
    if (!note.ok) {
      expect(note.problems).toEqual([
        'events[0].eventData.note is not a field of referral_requested eventData; leave it out.',
      ]);
    }
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
    ok({ type: 'referral_requested', eventData: {} });
    ok({ type: 'referral_requested', topCondition: null, diagnosisConfidence: null });
    ok({
      type: 'checker_completion',
      topCondition: '',
      conditionConfidence: 0,
      totalSymptomsReported: 0,
      painIntensity: null,
      symptomDuration: '',
      functionalImpact: null,
    });
    ok({
      type: 'checker_completion',
      topCondition: 'Skin Lesion/Lump',
      conditionConfidence: 0,
      totalSymptomsReported: 0,
      symptomDuration: 'More than 6 months',
      functionalImpact: 'grip, pinch, writing, keyboard',
    });
    // Lengths count an emoji (a surrogate pair) as one character.
    ok({ type: 'broken_link', requestedPath: '😀'.repeat(MAX_PATH_LENGTH) });
    ok({ type: 'session_duration', durationSeconds: 7 * 24 * 3600 });
    // Each checker type has its own fields: a started event carries no step.
    expect(
      browserEventProblems({ ...base(), type: 'symptom_checker_started', stepNumber: null }),
    ).toEqual(['event.stepNumber is not a field of symptom_checker_started events; leave it out.']);
  });

  it('refuses out-of-range checker completions', () => {
    const completion = everyType().find((event) => event.type === 'checker_completion');
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

  it('refuses a checker_completion carrying free text where the questionnaire has a choice', () => {
    const completion = everyType().find((event) => event.type === 'checker_completion');
    for (const bad of [
      { symptomDuration: 'since jane@example.com moved in' },
      { functionalImpact: 'grip; call me on 07700 900123' },
      { functionalImpact: '' },
    ]) {
      expect(parseEventBatch({ events: [{ ...completion, ...bad }] }).ok).toBe(false);
    }
  });
});

describe('issue 25, section 3: only what each type allows is stored', () => {
  it("refuses eventData fields other than referral_requested's conditions (an e-mail address, an IP)", () => {
    const problems = problemsOf({
      events: [
        {
          ...base(),
          type: 'referral_requested',
          eventData: { email: 'jane@example.com', ip: '203.0.113.77' },
        },
        { ...base(), type: 'referral_requested', eventData: { conditions: 4 } },
        { ...base(), type: 'symptom_checker_started', eventData: { conditions: 1 } },
        {
          ...base(),
          type: 'diagnosis_received',
          topCondition: 'Trigger Finger',
          diagnosisConfidence: 9,
          eventData: {},
        },
      ],
    });
    expect(problems).toEqual([
      'events[0].eventData.email is not a field of referral_requested eventData; leave it out.',
      'events[0].eventData.ip is not a field of referral_requested eventData; leave it out.',
      'events[1].eventData.conditions must be a whole number from 0 to 3, or null.',
      'events[2].eventData is not a field of symptom_checker_started events; leave it out.',
      'events[3].eventData is not a field of diagnosis_received events; leave it out.',
    ]);
  });

  it("refuses a top condition that is not one of the spec's 18 names", () => {
    for (const junk of [
      '\u0000\u0001\u00ff binary',
      'trigger finger',
      'Trigger Finger\u0007',
      'x'.repeat(100),
    ]) {
      expect(
        problemsOf({
          events: [
            { ...base(), type: 'diagnosis_received', topCondition: junk, diagnosisConfidence: 50 },
          ],
        }),
      ).toEqual([
        expect.stringMatching(/^events\[0\]\.topCondition must be one of: Carpal Tunnel/),
      ]);
      expect(parseEventBatch({ events: [{ ...everyType()[11], topCondition: junk }] }).ok).toBe(
        false,
      );
      expect(
        parseEventBatch({ events: [{ ...base(), type: 'referral_requested', topCondition: junk }] })
          .ok,
      ).toBe(false);
    }
  });
});

describe('emergency_check_completed: whether any sign was chosen, never which', () => {
  const event = (fields: Record<string, unknown>) => ({
    ...base(),
    type: 'emergency_check_completed',
    ...fields,
  });

  it('is accepted with anySign true or false and nothing else', () => {
    expect(browserEventProblems(event({ anySign: true }))).toEqual([]);
    expect(browserEventProblems(event({ anySign: false }))).toEqual([]);
  });

  it('is refused without anySign, or with anySign that is not a boolean', () => {
    expect(browserEventProblems(event({}))).toEqual([
      'event.anySign is missing: it must be true or false.',
    ]);
    for (const anySign of ['true', 1, 0, null, ['cold-hand']]) {
      expect(browserEventProblems(event({ anySign }))).toEqual([
        'event.anySign must be true or false.',
      ]);
    }
  });

  it('is refused with the signs chosen, in any field', () => {
    for (const extra of [
      { signs: ['cold-hand', 'bite'] },
      { emergencySigns: ['heavy-bleeding'] },
      { eventData: { signs: ['bite'] } },
      { eventData: { anySign: true } },
      { sign: 'bite' },
    ]) {
      const [field] = Object.keys(extra);
      expect(browserEventProblems(event({ anySign: true, ...extra }))).toEqual([
        `event.${field} is not a field of emergency_check_completed events; leave it out.`,
      ]);
    }
  });

  it('is refused with any other checker field', () => {
    expect(
      browserEventProblems(event({ anySign: true, stepNumber: 1, topCondition: 'Trigger Finger' })),
    ).toEqual([
      'event.stepNumber is not a field of emergency_check_completed events; leave it out.',
      'event.topCondition is not a field of emergency_check_completed events; leave it out.',
    ]);
  });
});

describe('compileEventCheck', () => {
  it('refuses a pattern that keeps state between tests (global or sticky)', () => {
    for (const flags of ['g', 'iy']) {
      const rules = {
        t: { id: { optional: false, kind: 'text', pattern: { source: 'a', flags } } },
      };
      expect(() => compileEventCheck(rules as EventRules)).toThrow('keeps state');
    }
  });
});
