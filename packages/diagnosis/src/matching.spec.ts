import { MATCHING_LABELS } from '../test/hand-worked-matches';
import { CONDITION_NAMES } from './conditions';
import { SYMPTOM_LABELS } from './labels';
import { isEligible, matchesSymptom } from './matching';
import { type Answers, HOLLOW_AT_THUMB_BASE, PAIN_LOCATIONS, emptyAnswers } from './options';
import { type SymptomKey } from './symptom-keys';

function answers(overrides: Partial<Answers>): Answers {
  return { ...emptyAnswers(), ...overrides };
}

/** The location labels each painLocation_* key matches, from the shared hand-worked table. */
const LOCATION_MATCHES = Object.fromEntries(
  Object.entries(MATCHING_LABELS).filter(([key]) => key.startsWith('painLocation_')),
);

describe('matchesSymptom: pain locations', () => {
  describe.each(Object.entries(LOCATION_MATCHES))('%s', (key, matching) => {
    it.each(PAIN_LOCATIONS.map((label) => [label, matching.includes(label)] as const))(
      'with only %p chosen: %p',
      (label, expected) => {
        expect(matchesSymptom(key as SymptomKey, answers({ painLocation: [label] }))).toBe(
          expected,
        );
      },
    );

    it('does not match when no location is chosen', () => {
      expect(matchesSymptom(key as SymptomKey, emptyAnswers())).toBe(false);
    });
  });

  it('matches when any one of several chosen locations matches', () => {
    const a = answers({ painLocation: ['Palm', 'Elbow', 'Ring finger'] });
    expect(matchesSymptom('painLocation_ring', a)).toBe(true);
    expect(matchesSymptom('painLocation_elbow', a)).toBe(true);
    expect(matchesSymptom('painLocation_thumb', a)).toBe(false);
  });

  it('compares case-insensitively', () => {
    expect(matchesSymptom('painLocation_thumb', answers({ painLocation: ['THUMB'] }))).toBe(true);
    expect(matchesSymptom('painLocation_index', answers({ painLocation: ['index FINGER'] }))).toBe(
      true,
    );
  });

  it('matches hollowAtThumbBase only on the exact option label', () => {
    for (const text of ['hollow at thumb base', 'hollowAtThumbBase', HOLLOW_AT_THUMB_BASE + ' ']) {
      expect(
        matchesSymptom('painLocation_hollowAtThumbBase', answers({ painLocation: [text] })),
      ).toBe(false);
    }
  });
});

describe('matchesSymptom: single-choice answers', () => {
  it.each<[SymptomKey, keyof Answers, string, boolean]>([
    ['painTiming_night', 'painTiming', 'At night', true],
    ['painTiming_night', 'painTiming', 'In the morning', false],
    ['painTiming_morning', 'painTiming', 'In the morning', true],
    ['painTiming_morning', 'painTiming', 'Constant', false],
    ['painTiming_activity', 'painTiming', 'With activity', true],
    ['painTiming_activity', 'painTiming', 'At rest', false],
    ['painType_sharp', 'painType', 'Sharp/Stabbing', true],
    ['painType_sharp', 'painType', 'Electric/Shooting', false],
    ['painType_aching', 'painType', 'Dull/Aching', true],
    ['painType_aching', 'painType', 'Throbbing', false],
    ['painIntensity_severe', 'painIntensity', 'Severe (7-10/10)', true],
    ['painIntensity_severe', 'painIntensity', 'Moderate (4-6/10)', false],
    ['onsetType_repetitive', 'onsetType', 'After repetitive activity', true],
    ['onsetType_repetitive', 'onsetType', 'After injury/trauma', false],
    ['onsetType_gradual', 'onsetType', 'Gradual onset', true],
    ['onsetType_gradual', 'onsetType', 'Sudden onset', false],
    ['onsetType_sudden', 'onsetType', 'Sudden onset', true],
    ['onsetType_sudden', 'onsetType', 'After injury/trauma', false],
    ['onsetType_sudden', 'onsetType', '', false],
  ])('%s with %s = %p: %p', (key, field, value, expected) => {
    expect(matchesSymptom(key, answers({ [field]: value }))).toBe(expected);
  });

  it('only looks in its own question', () => {
    expect(matchesSymptom('painType_sharp', answers({ painTiming: 'sharp' }))).toBe(false);
    expect(matchesSymptom('painTiming_night', answers({ painLocation: ['night'] }))).toBe(false);
  });
});

describe('matchesSymptom: age bands', () => {
  it.each([
    ['Under 18', false, false],
    ['18-30', false, false],
    ['31-45', false, false],
    ['46-60', true, false],
    ['Over 60', true, true],
    ['', false, false],
  ])('age %p: over45 %p, over60 %p', (age, over45, over60) => {
    expect(matchesSymptom('age_over45', answers({ age }))).toBe(over45);
    expect(matchesSymptom('age_over60', answers({ age }))).toBe(over60);
  });
});

describe('matchesSymptom: yes/no flags', () => {
  const flagKeys = Object.keys(SYMPTOM_LABELS).filter((key) => !key.includes('_')) as SymptomKey[];

  it('covers the 14 flag keys of the spec', () => {
    expect(flagKeys).toHaveLength(14);
  });

  it.each(flagKeys)('%s matches only when its own answer is true', (key) => {
    expect(matchesSymptom(key, answers({ [key]: true }))).toBe(true);
    expect(matchesSymptom(key, emptyAnswers())).toBe(false);
    const others = answers({});
    for (const other of flagKeys) {
      if (other !== key) (others as unknown as Record<string, boolean>)[other] = true;
    }
    expect(matchesSymptom(key, others)).toBe(false);
  });
});

describe('isEligible', () => {
  it('keeps Glomus Tumour only with fingertip pain and cold sensitivity', () => {
    expect(
      isEligible('Glomus Tumour', answers({ painLocation: ['Fingertip'], coldSensitivity: true })),
    ).toBe(true);
    expect(isEligible('Glomus Tumour', answers({ painLocation: ['Fingertip'] }))).toBe(false);
    expect(
      isEligible(
        'Glomus Tumour',
        answers({ painLocation: ['Index finger'], coldSensitivity: true }),
      ),
    ).toBe(false);
    expect(isEligible('Glomus Tumour', answers({ coldSensitivity: true }))).toBe(false);
  });

  it('keeps Elbow Arthritis only with elbow pain or an elbow mention', () => {
    expect(isEligible('Elbow Arthritis', answers({ painLocation: ['Wrist', 'Elbow'] }))).toBe(true);
    expect(isEligible('Elbow Arthritis', answers({ additionalInfo: 'My left ELBOW clicks' }))).toBe(
      true,
    );
    expect(isEligible('Elbow Arthritis', answers({ additionalInfo: 'elbows ache' }))).toBe(true);
    expect(isEligible('Elbow Arthritis', answers({ painLocation: ['Forearm'] }))).toBe(false);
    expect(isEligible('Elbow Arthritis', emptyAnswers())).toBe(false);
  });

  it('never filters any other condition', () => {
    for (const name of CONDITION_NAMES) {
      if (name === 'Glomus Tumour' || name === 'Elbow Arthritis') continue;
      expect(isEligible(name, emptyAnswers())).toBe(true);
    }
  });
});
