import { analyzeSymptoms, type Answers, type DiagnosisResult } from '@handcheck/diagnosis';
import type { AppThunk } from '../../app/store';
import { trackEvent } from '../../analytics/tracker';
import { assessmentCompleted } from './questionnaireSlice';
import { selectAnswers } from './selectors';

const FUNCTIONAL_FLAGS = [
  ['gripDifficulty', 'grip'],
  ['pinchDifficulty', 'pinch'],
  ['writingDifficulty', 'writing'],
  ['keyboardDifficulty', 'keyboard'],
] as const;

/** The symptom_checker_completions row of spec §3, sent as the completion event's data. */
export function completionEventData(answers: Answers, result: DiagnosisResult) {
  const top = result.topConditions[0];
  const intensity = /\d+/.exec(answers.painIntensity);
  const impact = FUNCTIONAL_FLAGS.filter(([flag]) => answers[flag]).map(([, name]) => name);
  return {
    top_condition: top?.condition ?? null,
    condition_confidence: top?.confidence ?? null,
    total_symptoms_reported: result.totalSymptoms,
    pain_intensity: intensity ? Number(intensity[0]) : null,
    symptom_duration: answers.duration || null,
    functional_impact: impact.length > 0 ? impact.join(', ') : null,
    requested_referral: false,
  };
}

/** "Get Assessment": runs the engine in the browser, stores the result and records the completion. */
export function completeAssessment(): AppThunk<DiagnosisResult> {
  return (dispatch, getState) => {
    const answers = selectAnswers(getState());
    const result = analyzeSymptoms(answers);
    dispatch(assessmentCompleted(result));
    const data = completionEventData(answers, result);
    trackEvent('symptom_checker_completed', data);
    trackEvent('diagnosis_received', { top_condition: data.top_condition, diagnosis_confidence: data.condition_confidence });
    return result;
  };
}
