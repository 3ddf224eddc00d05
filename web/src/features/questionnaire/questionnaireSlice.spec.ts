import { STEPS, emptyAnswers, type DiagnosisResult } from '@handcheck/diagnosis';
import {
  additionalInfoSet,
  assessmentCompleted,
  assessmentReset,
  assessmentStarted,
  choiceSet,
  clampStep,
  emergencySignToggled,
  emergencySignUnsureToggled,
  flagSet,
  initialQuestionnaireState,
  nextStep,
  noEmergencySignToggled,
  painLocationToggled,
  previousStep,
  questionnaireReducer,
  stepChanged,
  type QuestionnaireState,
} from './questionnaireSlice';
import {
  characterCount,
  forwardLabel,
  isFirstStep,
  isLastStep,
  progressPercent,
  selectHasResult,
  stepLabel,
} from './selectors';

const result: DiagnosisResult = {
  topConditions: [
    {
      condition: 'Trigger Finger',
      confidence: 95,
      description: 'A finger catches.',
      matchingSymptoms: ['Stiffness'],
    },
  ],
  keySymptoms: ['Stiffness'],
  totalSymptoms: 1,
  additionalInfo: '',
};

const reduce = (
  state: QuestionnaireState,
  ...actions: Parameters<typeof questionnaireReducer>[1][]
) => actions.reduce(questionnaireReducer, state);

describe('questionnaire slice', () => {
  it('starts on step 1 with empty answers and no result', () => {
    expect(initialQuestionnaireState).toEqual({
      answers: emptyAnswers(),
      step: 1,
      result: null,
      emergencySigns: null,
      emergencyUnsure: [],
    });
  });

  describe('emergency check', () => {
    it('keeps the signs ticked, in the order ticked, and unticks them', () => {
      const two = reduce(
        initialQuestionnaireState,
        emergencySignToggled('heavy-bleeding'),
        emergencySignToggled('cold-pale-blue'),
      );
      expect(two.emergencySigns).toEqual(['heavy-bleeding', 'cold-pale-blue']);
      expect(reduce(two, emergencySignToggled('heavy-bleeding')).emergencySigns).toEqual([
        'cold-pale-blue',
      ]);
    });

    it('goes back to unanswered when the last sign or "None of these" is unticked', () => {
      const sign = reduce(initialQuestionnaireState, emergencySignToggled('bone-deformed'));
      expect(reduce(sign, emergencySignToggled('bone-deformed')).emergencySigns).toBeNull();
      const none = reduce(initialQuestionnaireState, noEmergencySignToggled());
      expect(none.emergencySigns).toEqual([]);
      expect(reduce(none, noEmergencySignToggled()).emergencySigns).toBeNull();
    });

    it('"None of these" and a sign exclude each other', () => {
      const none = reduce(
        initialQuestionnaireState,
        emergencySignToggled('hot-red-swollen'),
        emergencySignToggled('stroke-heart'),
        noEmergencySignToggled(),
      );
      expect(none.emergencySigns).toEqual([]);
      expect(reduce(none, emergencySignToggled('stroke-heart')).emergencySigns).toEqual([
        'stroke-heart',
      ]);
    });

    it('is asked afresh on each start, kept with the result, and cleared by a new assessment', () => {
      const answered = reduce(
        initialQuestionnaireState,
        emergencySignToggled('heavy-bleeding'),
        emergencySignUnsureToggled('deep-cut'),
      );
      const done = reduce(answered, assessmentCompleted(result));
      expect(done.emergencySigns).toEqual(['heavy-bleeding']);
      expect(done.emergencyUnsure).toEqual(['deep-cut']);
      for (const again of [reduce(done, assessmentStarted()), reduce(done, assessmentReset())]) {
        expect(again.emergencySigns).toBeNull();
        expect(again.emergencyUnsure).toEqual([]);
      }
    });

    it('keeps "I\'m not sure" beside each sign apart from the ticked signs, and unticks it', () => {
      const two = reduce(
        initialQuestionnaireState,
        emergencySignUnsureToggled('sepsis'),
        emergencySignUnsureToggled('knuckle-bite'),
      );
      expect(two.emergencyUnsure).toEqual(['sepsis', 'knuckle-bite']);
      expect(two.emergencySigns).toBeNull();
      const one = reduce(two, emergencySignUnsureToggled('sepsis'));
      expect(one.emergencyUnsure).toEqual(['knuckle-bite']);
      expect(reduce(one, emergencySignUnsureToggled('knuckle-bite')).emergencyUnsure).toEqual([]);
    });

    it('a sign and its own "I\'m not sure" exclude each other; other signs are kept', () => {
      const ticked = reduce(
        initialQuestionnaireState,
        emergencySignToggled('deep-cut'),
        emergencySignToggled('sepsis'),
      );
      const unsure = reduce(ticked, emergencySignUnsureToggled('deep-cut'));
      expect(unsure.emergencySigns).toEqual(['sepsis']);
      expect(unsure.emergencyUnsure).toEqual(['deep-cut']);
      const back = reduce(unsure, emergencySignToggled('deep-cut'));
      expect(back.emergencySigns).toEqual(['sepsis', 'deep-cut']);
      expect(back.emergencyUnsure).toEqual([]);
      // The only sign made "not sure": no sign left ticked, but the check is still answered.
      const only = reduce(
        initialQuestionnaireState,
        emergencySignToggled('bone-deformed'),
        emergencySignUnsureToggled('bone-deformed'),
      );
      expect(only.emergencySigns).toBeNull();
      expect(only.emergencyUnsure).toEqual(['bone-deformed']);
    });

    it('"None of these" and "I\'m not sure" exclude each other', () => {
      const none = reduce(
        initialQuestionnaireState,
        emergencySignUnsureToggled('heart-arm-pain'),
        emergencySignToggled('sepsis'),
        noEmergencySignToggled(),
      );
      expect(none.emergencySigns).toEqual([]);
      expect(none.emergencyUnsure).toEqual([]);
      const unsure = reduce(none, emergencySignUnsureToggled('heart-arm-pain'));
      expect(unsure.emergencySigns).toBeNull();
      expect(unsure.emergencyUnsure).toEqual(['heart-arm-pain']);
      // "None of these" ticked over a lone "not sure" is "none", not a toggle back to unanswered.
      expect(reduce(unsure, noEmergencySignToggled()).emergencySigns).toEqual([]);
    });
  });

  it('never goes past step 6 or below step 1 (spec §4)', () => {
    const atEnd = reduce(
      initialQuestionnaireState,
      ...Array.from({ length: 10 }, () => nextStep()),
    );
    expect(atEnd.step).toBe(STEPS);
    const atStart = reduce(atEnd, ...Array.from({ length: 10 }, () => previousStep()));
    expect(atStart.step).toBe(1);
  });

  it('clamps steps set from outside (the URL)', () => {
    expect([0, -3, 7, 2.7, Number.NaN, Infinity].map(clampStep)).toEqual([1, 1, 6, 2, 1, 1]);
    expect(reduce(initialQuestionnaireState, stepChanged(4)).step).toBe(4);
    expect(reduce(initialQuestionnaireState, stepChanged(99)).step).toBe(6);
  });

  it('toggles pain locations on and off in the order chosen', () => {
    const state = reduce(
      initialQuestionnaireState,
      painLocationToggled('Wrist'),
      painLocationToggled('Thumb'),
      painLocationToggled('Wrist'),
      painLocationToggled('Palm'),
    );
    expect(state.answers.painLocation).toEqual(['Thumb', 'Palm']);
  });

  it('sets single choices and flags, and can clear a choice back to unanswered', () => {
    const state = reduce(
      initialQuestionnaireState,
      choiceSet({ field: 'painIntensity', value: 'Severe (7-10/10)' }),
      flagSet({ field: 'numbness', value: true }),
      flagSet({ field: 'tingling', value: true }),
      flagSet({ field: 'tingling', value: false }),
    );
    expect(state.answers.painIntensity).toBe('Severe (7-10/10)');
    expect(state.answers.numbness).toBe(true);
    expect(state.answers.tingling).toBe(false);
    expect(
      reduce(state, choiceSet({ field: 'painIntensity', value: '' })).answers.painIntensity,
    ).toBe('');
  });

  it('cuts additional information at 500 characters', () => {
    const state = reduce(initialQuestionnaireState, additionalInfoSet('x'.repeat(600)));
    expect(state.answers.additionalInfo).toHaveLength(500);
  });

  it('keeps earlier answers when an assessment is started again, but drops the old result', () => {
    const done = reduce(
      initialQuestionnaireState,
      flagSet({ field: 'swelling', value: true }),
      stepChanged(6),
      assessmentCompleted(result),
    );
    expect(done.result).toEqual(result);
    const restarted = reduce(done, assessmentStarted());
    expect(restarted).toMatchObject({ step: 1, result: null });
    expect(restarted.answers.swelling).toBe(true);
  });

  it("'Start New Assessment' clears answers, step and result", () => {
    const done = reduce(
      initialQuestionnaireState,
      painLocationToggled('Elbow'),
      stepChanged(6),
      assessmentCompleted(result),
    );
    expect(reduce(done, assessmentReset())).toEqual(initialQuestionnaireState);
  });

  it('does not share the answers object between resets', () => {
    const first = reduce(initialQuestionnaireState, assessmentReset());
    expect(first.answers).not.toBe(initialQuestionnaireState.answers);
  });
});

describe('questionnaire selectors', () => {
  it('labels the progress and buttons per step', () => {
    expect(stepLabel(3)).toBe('Step 3 of 6');
    expect([1, 2, 6].map(isFirstStep)).toEqual([true, false, false]);
    expect([1, 5, 6].map(isLastStep)).toEqual([false, false, true]);
    expect(forwardLabel(5)).toBe('Next');
    expect(forwardLabel(6)).toBe('Get Assessment');
    expect([1, 3, 6].map(progressPercent)).toEqual([17, 50, 100]);
  });

  it('counts characters against the 500 limit', () => {
    expect(characterCount('')).toBe('0/500');
    expect(characterCount('hello')).toBe('5/500');
  });

  it('reports whether a result exists', () => {
    expect(selectHasResult({ questionnaire: initialQuestionnaireState })).toBe(false);
    expect(selectHasResult({ questionnaire: { ...initialQuestionnaireState, result } })).toBe(true);
  });
});
