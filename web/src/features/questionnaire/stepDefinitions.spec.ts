import {
  AGE_RANGES,
  CHOICE_KEYS,
  DURATIONS,
  FLAG_KEYS,
  OCCUPATIONS,
  ONSET_TYPES,
  PAIN_INTENSITIES,
  PAIN_LOCATIONS,
  PAIN_TIMINGS,
  PAIN_TYPES,
  STEPS,
} from '@handcheck/diagnosis';
import { STEP_DEFINITIONS, stepDefinition } from './stepDefinitions';

const questions = STEP_DEFINITIONS.flatMap((step) => step.questions);

describe('questionnaire steps', () => {
  it('has the six spec titles in order', () => {
    expect(STEP_DEFINITIONS).toHaveLength(STEPS);
    expect(STEP_DEFINITIONS.map((step) => step.title)).toEqual([
      'Pain Location & Character',
      'Associated Symptoms',
      'Functional Impact',
      'Symptom History',
      'Background Information',
      'Additional Information',
    ]);
  });

  it('asks every flag and every single choice exactly once', () => {
    const flags = questions.flatMap((question) =>
      question.kind === 'flags' ? question.flags : [],
    );
    expect([...flags].sort()).toEqual([...FLAG_KEYS].sort());
    const choices = questions.flatMap((question) =>
      question.kind === 'choice' ? [question.field] : [],
    );
    expect([...choices].sort()).toEqual([...CHOICE_KEYS].sort());
    expect(questions.filter((question) => question.kind === 'locations')).toHaveLength(1);
    expect(questions.filter((question) => question.kind === 'text')).toHaveLength(1);
  });

  it('offers exactly the engine option labels', () => {
    const options = Object.fromEntries(
      questions.flatMap((question) =>
        question.kind === 'choice' ? [[question.field, question.options]] : [],
      ),
    );
    expect(options).toEqual({
      painIntensity: PAIN_INTENSITIES,
      painType: PAIN_TYPES,
      painTiming: PAIN_TIMINGS,
      onsetType: ONSET_TYPES,
      duration: DURATIONS,
      age: AGE_RANGES,
      occupation: OCCUPATIONS,
    });
    const locations = questions.find((question) => question.kind === 'locations');
    expect(locations?.kind === 'locations' && locations.options).toEqual(PAIN_LOCATIONS);
  });

  it('looks steps up by number, clamped', () => {
    expect(stepDefinition(1).title).toBe('Pain Location & Character');
    expect(stepDefinition(6).title).toBe('Additional Information');
    expect(stepDefinition(0).title).toBe('Pain Location & Character');
    expect(stepDefinition(9).title).toBe('Additional Information');
  });
});
