import { type ConditionName } from './conditions';
import { type AgeRange, type Answers, HOLLOW_AT_THUMB_BASE, type PainLocation } from './options';
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

const OVER_60: AgeRange = 'Over 60';
/** Age bands that count as "over 45". */
const OVER_45: ReadonlySet<string> = new Set<AgeRange>(['46-60', OVER_60]);
const ELBOW: PainLocation = 'Elbow';
const FINGERTIP: PainLocation = 'Fingertip';

export function matchesSymptom(key: SymptomKey, answers: Answers): boolean {
  switch (key) {
    // Decided exceptions: the camel-case suffix appears in no label, so these are explicit.
    case 'painLocation_hollowAtThumbBase':
      return answers.painLocation.includes(HOLLOW_AT_THUMB_BASE);
    case 'painLocation_any':
      return answers.painLocation.length > 0;
    case 'age_over45':
      return OVER_45.has(answers.age);
    case 'age_over60':
      return answers.age === OVER_60;
  }
  if (isFlagSymptomKey(key)) return answers[key] === true;
  // The remaining keys are all `<field>_<suffix>` with a SubstringField.
  const [field, suffix] = key.split('_') as [SubstringField, string];
  const needle = suffix.toLowerCase();
  return chosenValues(answers, field).some((value) => value.toLowerCase().includes(needle));
}

function mentionsElbow(answers: Answers): boolean {
  return answers.painLocation.includes(ELBOW) || /elbow/i.test(answers.additionalInfo);
}

/**
 * Conditions that need a specific sign before they may be suggested at all (spec section 9):
 * a glomus tumour needs fingertip pain with cold sensitivity, elbow arthritis an elbow.
 */
export function isEligible(condition: ConditionName, answers: Answers): boolean {
  switch (condition) {
    case 'Glomus Tumour':
      return answers.painLocation.includes(FINGERTIP) && answers.coldSensitivity;
    case 'Elbow Arthritis':
      return mentionsElbow(answers);
    default:
      return true;
  }
}
