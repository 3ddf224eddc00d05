import { ADDITIONAL_INFO_MAX, STEPS } from '@handcheck/diagnosis';
import type { QuestionnaireState } from './questionnaireSlice';

interface WithQuestionnaire {
  questionnaire: QuestionnaireState;
}

export const selectAnswers = (state: WithQuestionnaire) => state.questionnaire.answers;
export const selectStep = (state: WithQuestionnaire) => state.questionnaire.step;
export const selectResult = (state: WithQuestionnaire) => state.questionnaire.result;

export const isFirstStep = (step: number) => step <= 1;
export const isLastStep = (step: number) => step >= STEPS;
/** Percentage for the progress bar: step 1 of 6 shows 17 %, step 6 shows 100 %. */
export const progressPercent = (step: number) => Math.round((step / STEPS) * 100);
export const stepLabel = (step: number) => `Step ${step} of ${STEPS}`;
export const forwardLabel = (step: number) => (isLastStep(step) ? 'Get Assessment' : 'Next');
export const characterCount = (text: string) => `${text.length}/${ADDITIONAL_INFO_MAX}`;

export const selectHasResult = (state: WithQuestionnaire) => state.questionnaire.result !== null;
