import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  ADDITIONAL_INFO_MAX,
  STEPS,
  emptyAnswers,
  type Answers,
  type ChoiceKey,
  type DiagnosisResult,
  type EmergencySignId,
  type FlagKey,
} from '@handcheck/diagnosis';
import { rootReducer } from '../../app/store';

/** The 16 yes/no symptom flags. */
export type FlagField = FlagKey;
/** Single-choice answers; '' means unanswered. */
export type ChoiceField = ChoiceKey;

export interface QuestionnaireState {
  answers: Answers;
  step: number;
  result: DiagnosisResult | null;
  /**
   * The emergency check's answer: null until answered, [] for "None of these", else the signs
   * happening now. Kept with the answers so the care card and the printout see it.
   */
  emergencySigns: EmergencySignId[] | null;
  /**
   * The signs with "I'm not sure" ticked beside them, which count as if ticked. Kept apart
   * from `emergencySigns` so the check shows what was said; a sign is in one list at most.
   */
  emergencyUnsure: EmergencySignId[];
}

export const initialQuestionnaireState: QuestionnaireState = {
  answers: emptyAnswers(),
  step: 1,
  result: null,
  emergencySigns: null,
  emergencyUnsure: [],
};

/** Steps run 1..STEPS; anything else (NaN, 0, 7, 2.5) is pulled back into range. */
export function clampStep(step: number): number {
  if (!Number.isFinite(step)) return 1;
  return Math.min(STEPS, Math.max(1, Math.trunc(step)));
}

export const questionnaireSlice = createSlice({
  name: 'questionnaire',
  initialState: initialQuestionnaireState,
  reducers: {
    /** Starting keeps answers given earlier in this tab so a visitor can resume. */
    assessmentStarted(state) {
      state.step = 1;
      state.result = null;
      // "Happening now" is asked afresh each time: yesterday's "None of these" says nothing of today.
      state.emergencySigns = null;
      state.emergencyUnsure = [];
    },
    /**
     * Ticking a sign takes back "None of these" and "I'm not sure" beside it (a sign is either
     * happening or not sure, not both); unticking the last answer leaves the check unanswered.
     */
    emergencySignToggled(state, action: PayloadAction<EmergencySignId>) {
      const id = action.payload;
      const ticked = state.emergencySigns?.includes(id) ?? false;
      const others = (state.emergencySigns ?? []).filter((other) => other !== id);
      const signs = ticked ? others : [...others, id];
      state.emergencySigns = signs.length > 0 ? signs : null;
      if (!ticked) state.emergencyUnsure = state.emergencyUnsure.filter((other) => other !== id);
    },
    /**
     * "I'm not sure" beside a sign: takes back "None of these" and the sign's own tick, as the
     * sign's tick takes it back.
     */
    emergencySignUnsureToggled(state, action: PayloadAction<EmergencySignId>) {
      const id = action.payload;
      const ticked = state.emergencyUnsure.includes(id);
      const others = state.emergencyUnsure.filter((other) => other !== id);
      state.emergencyUnsure = ticked ? others : [...others, id];
      if (!ticked) {
        const signs = (state.emergencySigns ?? []).filter((other) => other !== id);
        state.emergencySigns = signs.length > 0 ? signs : null;
      }
    },
    /** "None of these" takes back every sign and "I'm not sure"; unticking it leaves the check unanswered. */
    noEmergencySignToggled(state) {
      const none = state.emergencySigns?.length === 0 && state.emergencyUnsure.length === 0;
      state.emergencySigns = none ? null : [];
      state.emergencyUnsure = [];
    },
    stepChanged(state, action: PayloadAction<number>) {
      state.step = clampStep(action.payload);
    },
    nextStep(state) {
      state.step = clampStep(state.step + 1);
    },
    previousStep(state) {
      state.step = clampStep(state.step - 1);
    },
    painLocationToggled(state, action: PayloadAction<string>) {
      const list = state.answers.painLocation;
      const at = list.indexOf(action.payload);
      if (at >= 0) list.splice(at, 1);
      else list.push(action.payload);
    },
    choiceSet(state, action: PayloadAction<{ field: ChoiceField; value: string }>) {
      state.answers[action.payload.field] = action.payload.value;
    },
    flagSet(state, action: PayloadAction<{ field: FlagField; value: boolean }>) {
      state.answers[action.payload.field] = action.payload.value;
    },
    additionalInfoSet(state, action: PayloadAction<string>) {
      state.answers.additionalInfo = action.payload.slice(0, ADDITIONAL_INFO_MAX);
    },
    assessmentCompleted(state, action: PayloadAction<DiagnosisResult>) {
      state.result = action.payload;
      state.step = STEPS;
    },
    assessmentReset() {
      return { ...initialQuestionnaireState, answers: emptyAnswers() };
    },
  },
});

export const {
  assessmentStarted,
  emergencySignToggled,
  emergencySignUnsureToggled,
  noEmergencySignToggled,
  stepChanged,
  nextStep,
  previousStep,
  painLocationToggled,
  choiceSet,
  flagSet,
  additionalInfoSet,
  assessmentCompleted,
  assessmentReset,
} = questionnaireSlice.actions;

export const questionnaireReducer = questionnaireSlice.reducer;

/*
 * The slice joins the store when the checker's code first loads (importing this module does
 * it), so the pages without the checker do not carry it or the option lists it starts from.
 * Until its first action the store holds no questionnaire state: read it through
 * selectQuestionnaire, which gives the initial state then.
 */
const injectedQuestionnaire = questionnaireSlice.injectInto(rootReducer);

export const selectQuestionnaire = injectedQuestionnaire.selectSlice;
