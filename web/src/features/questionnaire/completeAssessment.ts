import { analyzeSymptoms, type Answers, type DiagnosisResult } from '@handcheck/diagnosis';
import type { AppThunk } from '../../app/store';
import { trackEvent } from '../../analytics/browserTracker';
import { assessmentCompleted } from './questionnaireSlice';
import { selectAnswers } from './selectors';

const FUNCTIONAL_FLAGS = [
  ['gripDifficulty', 'grip'],
  ['pinchDifficulty', 'pinch'],
  ['writingDifficulty', 'writing'],
  ['keyboardDifficulty', 'keyboard'],
] as const;

/** The symptom_checker_completions row of spec §3, as the gateway's checker_completion event. */
export function completionEventData(answers: Answers, result: DiagnosisResult) {
  const top = result.topConditions[0];
  const intensity = /\d+/.exec(answers.painIntensity);
  const impact = FUNCTIONAL_FLAGS.filter(([flag]) => answers[flag]).map(([, name]) => name);
  return {
    topCondition: top?.condition ?? '',
    conditionConfidence: top?.confidence ?? 0,
    totalSymptomsReported: result.totalSymptoms,
    painIntensity: intensity ? Number(intensity[0]) : null,
    symptomDuration: answers.duration,
    functionalImpact: impact.length > 0 ? impact.join(', ') : null,
  };
}

/** "Get Assessment": runs the engine in the browser, stores the result and records the completion. */
export function completeAssessment(): AppThunk<DiagnosisResult> {
  return (dispatch, getState) => {
    const answers = selectAnswers(getState());
    const result = analyzeSymptoms(answers);
    dispatch(assessmentCompleted(result));
    trackEvent('symptom_checker_completed');
    trackEvent('checker_completion', completionEventData(answers, result));
    // Only a result with a top condition is a diagnosis; an empty result is still a completion.
    const top = result.topConditions[0];
    if (top)
      trackEvent('diagnosis_received', {
        topCondition: top.condition,
        diagnosisConfidence: top.confidence,
      });
    return result;
  };
}
