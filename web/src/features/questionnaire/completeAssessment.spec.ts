import { analyzeSymptoms, emptyAnswers } from '@handcheck/diagnosis';
import { makeStore } from '../../app/store';
import { completeAssessment, completionEventData } from './completeAssessment';
import { flagSet, painLocationToggled } from './questionnaireSlice';

describe('completing the assessment', () => {
  it('stores exactly what the engine returns for the answers', () => {
    const store = makeStore();
    store.dispatch(painLocationToggled('Thumb'));
    store.dispatch(painLocationToggled('Index finger'));
    store.dispatch(flagSet({ field: 'numbness', value: true }));
    store.dispatch(flagSet({ field: 'tingling', value: true }));
    const returned = store.dispatch(completeAssessment());
    const expected = analyzeSymptoms(store.getState().questionnaire.answers);
    expect(returned).toEqual(expected);
    expect(store.getState().questionnaire.result).toEqual(expected);
    expect(expected.topConditions[0]?.condition).toBe('Carpal Tunnel Syndrome');
  });

  it('describes the completion like the symptom_checker_completions row', () => {
    const answers = {
      ...emptyAnswers(),
      painIntensity: 'Moderate (4-6/10)',
      duration: '3-6 months',
      gripDifficulty: true,
      keyboardDifficulty: true,
      stiffness: true,
    };
    const result = analyzeSymptoms(answers);
    expect(completionEventData(answers, result)).toEqual({
      top_condition: result.topConditions[0].condition,
      condition_confidence: result.topConditions[0].confidence,
      total_symptoms_reported: result.totalSymptoms,
      pain_intensity: 4,
      symptom_duration: '3-6 months',
      functional_impact: 'grip, keyboard',
      requested_referral: false,
    });
  });

  it('uses nulls when nothing was answered or matched', () => {
    const answers = emptyAnswers();
    expect(completionEventData(answers, analyzeSymptoms(answers))).toEqual({
      top_condition: null,
      condition_confidence: null,
      total_symptoms_reported: 0,
      pain_intensity: null,
      symptom_duration: null,
      functional_impact: null,
      requested_referral: false,
    });
  });
});
