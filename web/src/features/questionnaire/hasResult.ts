import type { QuestionnaireState } from './questionnaireSlice';

/**
 * Whether this tab has a result. Read from the raw state, not through the slice's selectors,
 * so the checker's landing (which only needs this) does not load the questionnaire's code: the
 * state is there only once the slice has joined the store, and before that there is no result
 * (a tab with a saved one restores it, slice included, before the first render: see main.tsx).
 */
export const selectHasResult = (state: { questionnaire?: QuestionnaireState }) =>
  (state.questionnaire?.result ?? null) !== null;
