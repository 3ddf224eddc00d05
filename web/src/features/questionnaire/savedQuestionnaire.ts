import type { QuestionnaireState } from './questionnaireSlice';

/*
 * The questionnaire's copy in sessionStorage, as every page writes it. Reading it back means
 * checking it against the questionnaire's options (./persistence), which only a tab with saved
 * answers needs, so that code is loaded only then.
 */
export const STORAGE_KEY = 'handcheck.questionnaire.v1';

/** The part of sessionStorage used here, by shape: the browser specs also build a saved copy. */
interface TextStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function serialiseState(state: QuestionnaireState): string {
  return JSON.stringify({
    answers: state.answers,
    step: state.step,
    result: state.result,
    emergencySigns: state.emergencySigns,
    emergencyUnsure: state.emergencyUnsure,
  });
}

/** sessionStorage can throw (private mode, quota, disabled storage): the questionnaire still works without it. */
export function readSavedText(storage: Pick<TextStorage, 'getItem'> | undefined): string | null {
  try {
    return storage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function saveQuestionnaire(
  storage: Pick<TextStorage, 'setItem'> | undefined,
  state: QuestionnaireState,
): void {
  try {
    storage?.setItem(STORAGE_KEY, serialiseState(state));
  } catch {
    // Storage full or blocked: answers then only live for this page view.
  }
}
