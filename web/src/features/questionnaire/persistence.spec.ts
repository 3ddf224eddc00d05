import { emptyAnswers, type DiagnosisResult } from '@handcheck/diagnosis';
import {
  STORAGE_KEY,
  loadQuestionnaire,
  parseStoredState,
  reviveAnswers,
  reviveEmergencyCheck,
  reviveEmergencySigns,
  saveQuestionnaire,
  serialiseState,
} from './persistence';
import type { QuestionnaireState } from './questionnaireSlice';

const result: DiagnosisResult = {
  topConditions: [
    {
      condition: 'Ganglion Cyst',
      confidence: 95,
      description: 'A lump.',
      matchingSymptoms: ['Swelling'],
    },
  ],
  keySymptoms: ['Swelling'],
  totalSymptoms: 1,
  additionalInfo: '',
};

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('questionnaire persistence', () => {
  it('round-trips answers, step and result', () => {
    const state: QuestionnaireState = {
      answers: {
        ...emptyAnswers(),
        painLocation: ['Wrist'],
        swelling: true,
        duration: '1-3 months',
        additionalInfo: 'Worse after gardening',
      },
      step: 4,
      result,
      emergencySigns: ['hot-red-swollen', 'heavy-bleeding'],
      emergencyUnsure: ['crush-or-cast-pain', 'injury-numb-tingling'],
    };
    expect(parseStoredState(serialiseState(state))).toEqual(state);
    const none = { ...state, emergencySigns: [], emergencyUnsure: [] };
    expect(parseStoredState(serialiseState(none))).toEqual(none);
    const onlyUnsure = {
      ...state,
      emergencySigns: null,
      emergencyUnsure: ['knuckle-bite' as const],
    };
    expect(parseStoredState(serialiseState(onlyUnsure))).toEqual(onlyUnsure);
  });

  it('reads an entry saved before "I\'m not sure" existed as no sign unsure', () => {
    const old = JSON.stringify({ answers: {}, step: 2, result: null, emergencySigns: ['sepsis'] });
    expect(parseStoredState(old)).toMatchObject({
      emergencySigns: ['sepsis'],
      emergencyUnsure: [],
    });
  });

  it('keeps only known "not sure" signs, once each, and never a sign both ticked and not sure', () => {
    expect(
      reviveEmergencyCheck(['deep-cut'], ['deep-cut', 'sepsis', 'broken-heart', 3, 'sepsis', null]),
    ).toEqual({ emergencySigns: ['deep-cut'], emergencyUnsure: ['sepsis'] });
    expect(reviveEmergencyCheck(null, 'sepsis')).toEqual({
      emergencySigns: null,
      emergencyUnsure: [],
    });
    // "None of these" beside a "not sure" sign is a contradiction the page never saves: the
    // sign wins, as it would on the page.
    expect(reviveEmergencyCheck([], ['sepsis'])).toEqual({
      emergencySigns: null,
      emergencyUnsure: ['sepsis'],
    });
    expect(reviveEmergencyCheck([], [])).toEqual({ emergencySigns: [], emergencyUnsure: [] });
  });

  it('keeps only known emergency signs, once each; anything but a list is unanswered', () => {
    expect(reviveEmergencySigns(['heavy-bleeding', 'broken-heart', 7, 'heavy-bleeding'])).toEqual([
      'heavy-bleeding',
    ]);
    expect(reviveEmergencySigns([])).toEqual([]);
    expect(reviveEmergencySigns(undefined)).toBeNull();
    expect(reviveEmergencySigns('heavy-bleeding')).toBeNull();
    expect(reviveEmergencySigns({ 0: 'heavy-bleeding' })).toBeNull();
  });

  it('drops unknown options, wrong types and over-long text', () => {
    const answers = reviveAnswers({
      painLocation: ['Wrist', 'Knee', 42, 'Thumb', 'Wrist'],
      painIntensity: 'Unbearable',
      painType: 'Burning',
      swelling: 'yes',
      numbness: true,
      additionalInfo: 'y'.repeat(800),
      extra: 'ignored',
    });
    expect(answers.painLocation).toEqual(['Wrist', 'Thumb']);
    expect(answers.painIntensity).toBe('');
    expect(answers.painType).toBe('Burning');
    expect(answers.swelling).toBe(false);
    expect(answers.numbness).toBe(true);
    expect(answers.additionalInfo).toHaveLength(500);
    expect(Object.keys(answers).sort()).toEqual(Object.keys(emptyAnswers()).sort());
  });

  it('ignores missing, corrupt or malformed entries', () => {
    expect(parseStoredState(null)).toBeNull();
    expect(parseStoredState('{not json')).toBeNull();
    expect(parseStoredState('[1,2]')).toBeNull();
    const stored = parseStoredState(
      JSON.stringify({ answers: null, step: 42, result: { topConditions: 'nope' } }),
    );
    expect(stored).toEqual({
      answers: emptyAnswers(),
      step: 6,
      result: null,
      emergencySigns: null,
      emergencyUnsure: [],
    });
  });

  it('reads and writes sessionStorage under one key, and survives storage that throws', () => {
    const storage = memoryStorage();
    const state: QuestionnaireState = {
      answers: { ...emptyAnswers(), stiffness: true },
      step: 2,
      result: null,
      emergencySigns: null,
      emergencyUnsure: [],
    };
    saveQuestionnaire(storage, state);
    expect(storage.getItem(STORAGE_KEY)).not.toBeNull();
    expect(loadQuestionnaire(storage)).toEqual(state);

    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(loadQuestionnaire(broken)).toBeNull();
    expect(() => saveQuestionnaire(broken, state)).not.toThrow();
    expect(loadQuestionnaire(undefined)).toBeNull();
  });
});
