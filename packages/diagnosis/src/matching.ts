import { type ConditionName } from './conditions';
import { type Answers, HOLLOW_AT_THUMB_BASE } from './options';
import { type FlagSymptomKey, type SymptomKey } from './symptom-keys';

/*
 * When a weights-table key counts as present in the answers (spec section 9, "Scoring rules").
 */

// Prefixes whose suffix is looked for, case-insensitively, inside the chosen answer(s).
type SubstringField = 'painLocation' | 'painType' | 'painTiming' | 'painIntensity' | 'onsetType';

// Grouped keys are the only ones with an underscore; flag keys are the answer's own name.
function isFlagSymptomKey(key: SymptomKey): key is FlagSymptomKey {
  return !key.includes('_');
}

function chosenValues(answers: Answers, field: SubstringField): readonly string[] {
  return field === 'painLocation' ? answers.painLocation : [answers[field]];
}

/** Age bands that count as "over 45" and "over 60". */
const AGE_OVER_45: readonly string[] = ['46-60', 'Over 60'];
const AGE_OVER_60: readonly string[] = ['Over 60'];

export function matchesSymptom(key: SymptomKey, answers: Answers): boolean {
  switch (key) {
    // Decided exceptions: the camel-case suffix appears in no label, so these are explicit.
    case 'painLocation_hollowAtThumbBase':
      return answers.painLocation.includes(HOLLOW_AT_THUMB_BASE);
    case 'painLocation_any':
      return answers.painLocation.length > 0;
    case 'age_over45':
      return AGE_OVER_45.includes(answers.age);
    case 'age_over60':
      return AGE_OVER_60.includes(answers.age);
  }
  if (isFlagSymptomKey(key)) return answers[key] === true;
  // The remaining keys are all `<field>_<suffix>` with a SubstringField.
  const [field, suffix] = key.split('_') as [SubstringField, string];
  const needle = suffix.toLowerCase();
  return chosenValues(answers, field).some((value) => value.toLowerCase().includes(needle));
}

function mentionsElbow(answers: Answers): boolean {
  return answers.painLocation.includes('Elbow') || /elbow/i.test(answers.additionalInfo);
}

/**
 * Conditions that need a specific sign before they may be suggested at all (spec section 9):
 * a glomus tumour needs fingertip pain with cold sensitivity, elbow arthritis an elbow.
 */
export function isEligible(condition: ConditionName, answers: Answers): boolean {
  switch (condition) {
    case 'Glomus Tumour':
      return answers.painLocation.includes('Fingertip') && answers.coldSensitivity;
    case 'Elbow Arthritis':
      return mentionsElbow(answers);
    default:
      return true;
  }
}
