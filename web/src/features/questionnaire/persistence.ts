import {
  ADDITIONAL_INFO_MAX,
  AGE_RANGES,
  DURATIONS,
  FLAG_KEYS,
  OCCUPATIONS,
  ONSET_TYPES,
  PAIN_INTENSITIES,
  PAIN_LOCATIONS,
  PAIN_TIMINGS,
  PAIN_TYPES,
  emptyAnswers,
  isEmergencySignId,
  type Answers,
  type DiagnosisResult,
  type EmergencySignId,
} from '@handcheck/diagnosis';
import { clampStep, type ChoiceField, type QuestionnaireState } from './questionnaireSlice';
import { readSavedText } from './savedQuestionnaire';

export { STORAGE_KEY, saveQuestionnaire, serialiseState } from './savedQuestionnaire';

const CHOICE_OPTIONS: Record<ChoiceField, readonly string[]> = {
  painIntensity: PAIN_INTENSITIES,
  painType: PAIN_TYPES,
  painTiming: PAIN_TIMINGS,
  onsetType: ONSET_TYPES,
  duration: DURATIONS,
  age: AGE_RANGES,
  occupation: OCCUPATIONS,
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * Rebuilds answers from whatever sessionStorage holds: unknown options, wrong types and
 * over-long text are dropped, so a tampered or stale entry can never reach the engine.
 */
export function reviveAnswers(raw: unknown): Answers {
  const answers = emptyAnswers();
  if (!isRecord(raw)) return answers;
  if (Array.isArray(raw.painLocation)) {
    const known: readonly unknown[] = PAIN_LOCATIONS;
    const chosen = raw.painLocation.filter(
      (item): item is string => typeof item === 'string' && known.includes(item),
    );
    answers.painLocation = [...new Set(chosen)];
  }
  for (const field of Object.keys(CHOICE_OPTIONS) as ChoiceField[]) {
    const value = raw[field];
    if (typeof value === 'string' && CHOICE_OPTIONS[field].includes(value)) answers[field] = value;
  }
  for (const field of FLAG_KEYS) {
    const value = raw[field];
    if (typeof value === 'boolean') answers[field] = value;
  }
  if (typeof raw.additionalInfo === 'string')
    answers.additionalInfo = raw.additionalInfo.slice(0, ADDITIONAL_INFO_MAX);
  return answers;
}

function reviveResult(raw: unknown): DiagnosisResult | null {
  if (!isRecord(raw) || !Array.isArray(raw.topConditions) || !isStringList(raw.keySymptoms))
    return null;
  const wellFormed = raw.topConditions.every(
    (entry) =>
      isRecord(entry) &&
      typeof entry.condition === 'string' &&
      typeof entry.confidence === 'number' &&
      typeof entry.description === 'string' &&
      isStringList(entry.matchingSymptoms),
  );
  if (!wellFormed || typeof raw.totalSymptoms !== 'number') return null;
  return raw as unknown as DiagnosisResult;
}

/** The emergency check's answer: null (not answered) unless a list, of known signs only. */
export function reviveEmergencySigns(raw: unknown): EmergencySignId[] | null {
  if (!Array.isArray(raw)) return null;
  return [...new Set(raw.filter(isEmergencySignId))];
}

/** The "I'm not sure" signs: known ids only, once each; anything but a list is none. */
export function reviveEmergencyUnsure(raw: unknown): EmergencySignId[] {
  return reviveEmergencySigns(raw) ?? [];
}

/**
 * Both lists of the check, made consistent as the reducers keep them: a sign ticked and not
 * sure counts once, as ticked; "None of these" ([]) beside a not-sure sign is no longer "none".
 */
export function reviveEmergencyCheck(
  rawSigns: unknown,
  rawUnsure: unknown,
): Pick<QuestionnaireState, 'emergencySigns' | 'emergencyUnsure'> {
  const signs = reviveEmergencySigns(rawSigns);
  const unsure = reviveEmergencyUnsure(rawUnsure).filter((id) => !signs?.includes(id));
  return {
    emergencySigns: signs?.length === 0 && unsure.length > 0 ? null : signs,
    emergencyUnsure: unsure,
  };
}

export function parseStoredState(text: string | null): QuestionnaireState | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(raw)) return null;
  return {
    answers: reviveAnswers(raw.answers),
    step: clampStep(typeof raw.step === 'number' ? raw.step : 1),
    result: reviveResult(raw.result),
    ...reviveEmergencyCheck(raw.emergencySigns, raw.emergencyUnsure),
  };
}

/** What this tab saved, checked; null when nothing (usable) is saved or storage is blocked. */
export function loadQuestionnaire(
  storage: Pick<Storage, 'getItem'> | undefined,
): QuestionnaireState | null {
  return parseStoredState(readSavedText(storage));
}
