import { analyzeSymptoms, emptyAnswers } from '@handcheck/diagnosis';
import { makeStore } from '../../app/store';
import { completeAssessment, completionEventData } from './completeAssessment';
import { flagSet, painLocationToggled } from './questionnaireSlice';
import { selectAnswers, selectResult } from './selectors';

describe('completing the assessment', () => {
  it('stores exactly what the engine returns for the answers', () => {
    const store = makeStore();
    store.dispatch(painLocationToggled('Thumb'));
    store.dispatch(painLocationToggled('Index finger'));
    store.dispatch(flagSet({ field: 'numbness', value: true }));
    store.dispatch(flagSet({ field: 'tingling', value: true }));
    const returned = store.dispatch(completeAssessment());
    const expected = analyzeSymptoms(selectAnswers(store.getState()));
    expect(returned).toEqual(expected);
    expect(selectResult(store.getState())).toEqual(expected);
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
      topCondition: result.topConditions[0].condition,
      conditionConfidence: result.topConditions[0].confidence,
      totalSymptomsReported: result.totalSymptoms,
      painIntensity: 4,
      symptomDuration: '3-6 months',
      functionalImpact: 'grip, keyboard',
    });
  });

  it('sends empty values when nothing was answered or matched', () => {
    const answers = emptyAnswers();
    expect(completionEventData(answers, analyzeSymptoms(answers))).toEqual({
      topCondition: '',
      conditionConfidence: 0,
      totalSymptomsReported: 0,
      painIntensity: null,
      symptomDuration: '',
      functionalImpact: null,
    });
  });
});
