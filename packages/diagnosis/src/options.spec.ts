import {
  AGE_RANGES,
  CHOICE_KEYS,
  DURATIONS,
  FLAG_KEYS,
  HOLLOW_AT_THUMB_BASE,
  OCCUPATIONS,
  ONSET_TYPES,
  PAIN_INTENSITIES,
  PAIN_LOCATIONS,
  PAIN_TIMINGS,
  PAIN_TYPES,
  emptyAnswers,
} from './options';

describe('questionnaire options', () => {
  it('spell every option exactly as spec section 3 does, in its order', () => {
    expect(PAIN_LOCATIONS).toEqual([
      'Thumb',
      'Index finger',
      'Middle finger',
      'Ring finger',
      'Little finger',
      'Palm',
      'Wrist',
      'Forearm',
      'Elbow',
      'Hollow/indent at base of thumb (where thumb meets wrist)',
      'Fingertip',
    ]);
    expect(PAIN_INTENSITIES).toEqual(['Mild (1-3/10)', 'Moderate (4-6/10)', 'Severe (7-10/10)']);
    expect(PAIN_TYPES).toEqual([
      'Sharp/Stabbing',
      'Dull/Aching',
      'Burning',
      'Throbbing',
      'Electric/Shooting',
    ]);
    expect(PAIN_TIMINGS).toEqual([
      'Constant',
      'With activity',
      'At rest',
      'At night',
      'In the morning',
    ]);
    expect(ONSET_TYPES).toEqual([
      'Sudden onset',
      'Gradual onset',
      'After injury/trauma',
      'After repetitive activity',
    ]);
    expect(DURATIONS).toEqual([
      'Less than 1 week',
      '1-4 weeks',
      '1-3 months',
      '3-6 months',
      'More than 6 months',
    ]);
    expect(AGE_RANGES).toEqual(['Under 18', '18-30', '31-45', '46-60', 'Over 60']);
    expect(OCCUPATIONS).toEqual([
      'Office work/Computer use',
      'Manual labor',
      'Sports/Athletics',
      'Healthcare',
      'Other',
    ]);
    expect(HOLLOW_AT_THUMB_BASE).toBe(PAIN_LOCATIONS[9]);
  });

  it('lists the 16 yes/no questions of the spec', () => {
    expect(FLAG_KEYS).toEqual([
      'weakness',
      'numbness',
      'tingling',
      'stiffness',
      'swelling',
      'deformity',
      'triggerFinger',
      'clickingSound',
      'nightPain',
      'coldSensitivity',
      'colorChanges',
      'gripDifficulty',
      'pinchDifficulty',
      'writingDifficulty',
      'keyboardDifficulty',
      'previousInjury',
    ]);
  });

  it('are frozen so no caller can change them for everyone else', () => {
    for (const list of [PAIN_LOCATIONS, PAIN_TYPES, AGE_RANGES, FLAG_KEYS, CHOICE_KEYS]) {
      expect(Object.isFrozen(list)).toBe(true);
      expect(() => (list as unknown as string[]).push('x')).toThrow(TypeError);
    }
  });
});

describe('emptyAnswers', () => {
  it('leaves every question unanswered', () => {
    const answers = emptyAnswers();
    expect(answers.painLocation).toEqual([]);
    for (const key of CHOICE_KEYS) expect(answers[key]).toBe('');
    for (const key of FLAG_KEYS) expect(answers[key]).toBe(false);
    expect(answers.additionalInfo).toBe('');
    expect(Object.keys(answers)).toHaveLength(1 + CHOICE_KEYS.length + FLAG_KEYS.length + 1);
  });

  it('returns a fresh object each time', () => {
    const first = emptyAnswers();
    first.painLocation.push('Thumb');
    first.numbness = true;
    expect(emptyAnswers().painLocation).toEqual([]);
    expect(emptyAnswers().numbness).toBe(false);
  });
});
