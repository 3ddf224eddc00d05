import * as engine from './index';

describe('public entry', () => {
  it('exports the engine, the option lists, the helpers and the limits', () => {
    for (const name of [
      'analyzeSymptoms',
      'careAdvice',
      'priorityFor',
      'cleanText',
      'emptyAnswers',
      'normalizeAnswers',
      'scoreConditions',
    ]) {
      expect(typeof (engine as Record<string, unknown>)[name]).toBe('function');
    }
    for (const list of [
      engine.PAIN_LOCATIONS,
      engine.PAIN_INTENSITIES,
      engine.PAIN_TYPES,
      engine.PAIN_TIMINGS,
      engine.ONSET_TYPES,
      engine.DURATIONS,
      engine.AGE_RANGES,
      engine.OCCUPATIONS,
    ]) {
      expect(list.length).toBeGreaterThan(0);
    }
    expect({
      ADDITIONAL_INFO_MAX: engine.ADDITIONAL_INFO_MAX,
      CONFIDENCE_CAP: engine.CONFIDENCE_CAP,
      STEPS: engine.STEPS,
    }).toEqual({
      ADDITIONAL_INFO_MAX: 500,
      CONFIDENCE_CAP: 95,
      STEPS: 6,
    });
  });

  it('defines every runtime export it names', () => {
    const values = Object.entries(engine);
    expect(values.length).toBeGreaterThanOrEqual(36);
    for (const [name, value] of values) {
      expect([name, value]).not.toEqual([name, undefined]);
    }
  });

  it('returns the field names of spec section 3', () => {
    const result = engine.analyzeSymptoms({ ...engine.emptyAnswers(), numbness: true });
    expect(Object.keys(result).sort()).toEqual(
      ['additionalInfo', 'keySymptoms', 'topConditions', 'totalSymptoms'].sort(),
    );
    expect(Object.keys(result.topConditions[0]).sort()).toEqual(
      ['condition', 'confidence', 'description', 'matchingSymptoms'].sort(),
    );
  });
});
