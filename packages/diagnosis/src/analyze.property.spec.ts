import fc from 'fast-check';
import { MATCHING_LABELS } from '../test/hand-worked-matches';
import { analyzeSymptoms } from './analyze';
import { CONDITIONS, weightEntries } from './conditions';
import {
  AGE_RANGES,
  type Answers,
  DURATIONS,
  FLAG_KEYS,
  OCCUPATIONS,
  ONSET_TYPES,
  PAIN_INTENSITIES,
  PAIN_LOCATIONS,
  PAIN_TIMINGS,
  PAIN_TYPES,
} from './options';

const choice = (options: readonly string[]) => fc.constantFrom('', ...options);

// Letters and spaces, plus a few markup samples the oracle's simple tag stripping reads alike.
const freeText = fc.oneof(
  fc.stringMatching(/^[a-zA-Z ]{0,40}$/),
  fc.constantFrom('', 'my elbow hurts', 'ELBOW', '<b>elbow</b>', '<i title="elbow">x</i>'),
);

/** Any questionnaire a visitor could submit through the form. */
const validAnswers: fc.Arbitrary<Answers> = fc.record({
  painLocation: fc.subarray([...PAIN_LOCATIONS]),
  painIntensity: choice(PAIN_INTENSITIES),
  painType: choice(PAIN_TYPES),
  painTiming: choice(PAIN_TIMINGS),
  onsetType: choice(ONSET_TYPES),
  duration: choice(DURATIONS),
  age: choice(AGE_RANGES),
  occupation: choice(OCCUPATIONS),
  additionalInfo: freeText,
  ...(Object.fromEntries(FLAG_KEYS.map((flag) => [flag, fc.boolean()])) as Record<
    (typeof FLAG_KEYS)[number],
    fc.Arbitrary<boolean>
  >),
});

function oracleMatches(key: string, a: Answers): boolean {
  const labels = MATCHING_LABELS[key];
  if (labels === undefined) return (a as unknown as Record<string, unknown>)[key] === true;
  const field = key.split('_')[0];
  const chosen = field === 'painLocation' ? a.painLocation : [String(a[field as keyof Answers])];
  return chosen.some((value) => labels.includes(value));
}

function oracleRanking(a: Answers): Array<[string, number]> {
  const cleanInfo = a.additionalInfo.replace(/<[^>]*>/g, '');
  const scored = CONDITIONS.map((c, index) => ({
    name: c.name,
    index,
    score: weightEntries(c).reduce((sum, [key, w]) => sum + (oracleMatches(key, a) ? w : 0), 0),
  }))
    .filter(
      (c) =>
        c.name !== 'Glomus Tumour' || (a.painLocation.includes('Fingertip') && a.coldSensitivity),
    )
    .filter(
      (c) =>
        c.name !== 'Elbow Arthritis' ||
        a.painLocation.includes('Elbow') ||
        cleanInfo.toLowerCase().includes('elbow'),
    )
    .filter((c) => c.score > 0)
    .sort((x, y) => y.score - x.score || x.index - y.index)
    .slice(0, 3);
  const top = scored[0]?.score ?? 1;
  return scored.map((c) => [c.name, Math.min(95, Math.round((c.score / top) * 100))]);
}

describe('analyzeSymptoms: properties over every form submission', () => {
  it('agrees with an independent reading of the spec', () => {
    fc.assert(
      fc.property(validAnswers, (a) => {
        const actual = analyzeSymptoms(a).topConditions.map((c) => [c.condition, c.confidence]);
        expect(actual).toEqual(oracleRanking(a));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps at most 3 results, each with a positive score and a confidence in 1..95', () => {
    fc.assert(
      fc.property(validAnswers, (a) => {
        const { topConditions } = analyzeSymptoms(a);
        expect(topConditions.length).toBeLessThanOrEqual(3);
        for (const c of topConditions) {
          expect(Number.isInteger(c.confidence)).toBe(true);
          expect(c.confidence).toBeGreaterThanOrEqual(1);
          expect(c.confidence).toBeLessThanOrEqual(95);
          // A positive score always has at least one matched symptom behind it.
          expect(c.matchingSymptoms.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('orders confidences non-increasingly, the first always 95', () => {
    fc.assert(
      fc.property(validAnswers, (a) => {
        const confidences = analyzeSymptoms(a).topConditions.map((c) => c.confidence);
        if (confidences.length > 0) expect(confidences[0]).toBe(95);
        for (let i = 1; i < confidences.length; i += 1) {
          expect(confidences[i]).toBeLessThanOrEqual(confidences[i - 1]);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('returns a result whenever any symptom scores, and none when nothing does', () => {
    fc.assert(
      fc.property(validAnswers, (a) => {
        const anyScore = CONDITIONS.some(
          (c) =>
            c.name !== 'Glomus Tumour' &&
            c.name !== 'Elbow Arthritis' &&
            weightEntries(c).some(([key]) => oracleMatches(key, a)),
        );
        if (anyScore) expect(analyzeSymptoms(a).topConditions.length).toBeGreaterThan(0);
        if (analyzeSymptoms(a).topConditions.length === 0) expect(anyScore).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('never suggests Glomus Tumour without fingertip pain and cold sensitivity', () => {
    fc.assert(
      fc.property(validAnswers, (a) => {
        const names = analyzeSymptoms(a).topConditions.map((c) => c.condition);
        if (!(a.painLocation.includes('Fingertip') && a.coldSensitivity)) {
          expect(names).not.toContain('Glomus Tumour');
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('never suggests Elbow Arthritis without an elbow location or mention', () => {
    fc.assert(
      fc.property(validAnswers, (a) => {
        const result = analyzeSymptoms(a);
        const names = result.topConditions.map((c) => c.condition);
        if (!a.painLocation.includes('Elbow') && !/elbow/i.test(result.additionalInfo)) {
          expect(names).not.toContain('Elbow Arthritis');
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('counts total symptoms and key symptoms consistently with the answers', () => {
    fc.assert(
      fc.property(validAnswers, (a) => {
        const result = analyzeSymptoms(a);
        const flags = FLAG_KEYS.filter((f) => a[f]).length;
        expect(result.totalSymptoms).toBe(flags + (a.painLocation.length > 0 ? 1 : 0));
        expect(result.keySymptoms[0]?.startsWith('Pain in: ') ?? false).toBe(
          a.painLocation.length > 0,
        );
      }),
      { numRuns: 500 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(validAnswers, (a) => {
        expect(analyzeSymptoms(structuredClone(a))).toEqual(analyzeSymptoms(a));
      }),
      { numRuns: 500 },
    );
  });
});

describe('analyzeSymptoms: properties over arbitrary input', () => {
  // Answers that reach the engine from storage or an old client may have any shape at all.
  const anyShape = fc.oneof(
    fc.anything(),
    fc.record(
      {
        painLocation: fc.oneof(fc.anything(), fc.array(fc.oneof(fc.string(), fc.anything()))),
        painIntensity: fc.anything(),
        painType: fc.oneof(fc.string(), fc.anything()),
        onsetType: fc.anything(),
        age: fc.oneof(fc.constantFrom(...AGE_RANGES), fc.anything()),
        numbness: fc.anything(),
        coldSensitivity: fc.anything(),
        additionalInfo: fc.oneof(fc.string({ maxLength: 1000 }), fc.anything()),
      },
      { requiredKeys: [] },
    ),
  );

  it('never throws and always returns a well-formed result', () => {
    fc.assert(
      fc.property(anyShape, (input) => {
        const result = analyzeSymptoms(input as Answers);
        expect(Array.isArray(result.topConditions)).toBe(true);
        expect(result.topConditions.length).toBeLessThanOrEqual(3);
        expect(Array.isArray(result.keySymptoms)).toBe(true);
        expect(Number.isInteger(result.totalSymptoms)).toBe(true);
        expect(typeof result.additionalInfo).toBe('string');
        expect(result.additionalInfo.length).toBeLessThanOrEqual(500);
        for (const c of result.topConditions) {
          expect(c.confidence).toBeGreaterThanOrEqual(1);
          expect(c.confidence).toBeLessThanOrEqual(95);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('is deterministic for arbitrary input too', () => {
    fc.assert(
      fc.property(anyShape, (input) => {
        expect(analyzeSymptoms(input as Answers)).toEqual(analyzeSymptoms(input as Answers));
      }),
      { numRuns: 300 },
    );
  });
});
