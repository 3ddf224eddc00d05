import { createSelector } from '@reduxjs/toolkit';
import { ADDITIONAL_INFO_MAX, STEPS } from '@handcheck/diagnosis';
import { careSigns } from './emergencyCheck';
import { selectQuestionnaire } from './questionnaireSlice';

/** The store's state, or any state with the questionnaire's place (the slice is lazily added). */
type WithQuestionnaire = Parameters<typeof selectQuestionnaire>[0];

export const selectAnswers = (state: WithQuestionnaire) => selectQuestionnaire(state).answers;
export const selectStep = (state: WithQuestionnaire) => selectQuestionnaire(state).step;
export const selectResult = (state: WithQuestionnaire) => selectQuestionnaire(state).result;
export const selectEmergencySigns = (state: WithQuestionnaire) =>
  selectQuestionnaire(state).emergencySigns;
export const selectEmergencyUnsure = (state: WithQuestionnaire) =>
  selectQuestionnaire(state).emergencyUnsure;
/** Ticked and "not sure" signs together, as the care card takes them (memoised: a new list otherwise). */
export const selectCareSigns = createSelector(
  [selectEmergencySigns, selectEmergencyUnsure],
  (signs, unsure) => careSigns(signs, unsure),
);

export const isFirstStep = (step: number) => step <= 1;
export const isLastStep = (step: number) => step >= STEPS;
/** Percentage for the progress bar: step 1 of 6 shows 17 %, step 6 shows 100 %. */
export const progressPercent = (step: number) => Math.round((step / STEPS) * 100);
export const stepLabel = (step: number) => `Step ${step} of ${STEPS}`;
export const forwardLabel = (step: number) => (isLastStep(step) ? 'Get Assessment' : 'Next');
export const characterCount = (text: string) => `${text.length}/${ADDITIONAL_INFO_MAX}`;

export { selectHasResult } from './hasResult';
