import { deepFreeze } from './freeze';

/*
 * Questionnaire options, spelled exactly as in spec section 3. Answers carry these labels
 * verbatim, and the scoring rules match against them, so a changed label changes scores.
 */

export const PAIN_LOCATIONS = deepFreeze([
  'Thumb',
  'Index finger',
  'Middle finger',
  'Ring finger',
  'Little finger',
  'Palm',
  'Wrist',
  'Forearm',
  'Elbow',
  'Hollow/indent at base of thumb (where thumb meets wrist)',
  'Fingertip',
] as const);

export const PAIN_INTENSITIES = deepFreeze([
  'Mild (1-3/10)',
  'Moderate (4-6/10)',
  'Severe (7-10/10)',
] as const);

export const PAIN_TYPES = deepFreeze([
  'Sharp/Stabbing',
  'Dull/Aching',
  'Burning',
  'Throbbing',
  'Electric/Shooting',
] as const);

export const PAIN_TIMINGS = deepFreeze([
  'Constant',
  'With activity',
  'At rest',
  'At night',
  'In the morning',
] as const);

export const ONSET_TYPES = deepFreeze([
  'Sudden onset',
  'Gradual onset',
  'After injury/trauma',
  'After repetitive activity',
] as const);

export const DURATIONS = deepFreeze([
  'Less than 1 week',
  '1-4 weeks',
  '1-3 months',
  '3-6 months',
  'More than 6 months',
] as const);

export const AGE_RANGES = deepFreeze(['Under 18', '18-30', '31-45', '46-60', 'Over 60'] as const);

export const OCCUPATIONS = deepFreeze([
  'Office work/Computer use',
  'Manual labor',
  'Sports/Athletics',
  'Healthcare',
  'Other',
] as const);

/** The yes/no questions of the associated-symptoms step, in the spec's order. */
export const SYMPTOM_FLAGS = deepFreeze([
  'weakness',
  'numbness',
  'tingling',
  'stiffness',
  'swelling',
  'deformity',
  'triggerFinger',
  'clickingSound',
  'nightPain',
  'coldSensitivity',
  'colorChanges',
] as const);

/** The everyday tasks the functional-impact step asks about, in the spec's order. */
export const FUNCTION_FLAGS = deepFreeze([
  'gripDifficulty',
  'pinchDifficulty',
  'writingDifficulty',
  'keyboardDifficulty',
] as const);

/** The yes/no questions, in the spec's order; every one defaults to false. */
export const FLAG_KEYS = deepFreeze([
  ...SYMPTOM_FLAGS,
  ...FUNCTION_FLAGS,
  'previousInjury',
] as const);

export type PainLocation = (typeof PAIN_LOCATIONS)[number];
export type PainIntensity = (typeof PAIN_INTENSITIES)[number];
export type PainType = (typeof PAIN_TYPES)[number];
export type PainTiming = (typeof PAIN_TIMINGS)[number];
export type OnsetType = (typeof ONSET_TYPES)[number];
export type Duration = (typeof DURATIONS)[number];
export type AgeRange = (typeof AGE_RANGES)[number];
export type Occupation = (typeof OCCUPATIONS)[number];
export type FlagKey = (typeof FLAG_KEYS)[number];

/** The single-choice questions; each holds one option label, or '' when unanswered. */
export const CHOICE_KEYS = deepFreeze([
  'painIntensity',
  'painType',
  'painTiming',
  'onsetType',
  'duration',
  'age',
  'occupation',
] as const);
export type ChoiceKey = (typeof CHOICE_KEYS)[number];

/**
 * One completed (or partly completed) questionnaire. Single choices are plain strings rather
 * than the option unions so that '' (unanswered) and data from older clients type-check;
 * the engine only ever compares them with the labels above.
 */
export type Answers = {
  painLocation: string[];
  additionalInfo: string;
} & Record<ChoiceKey, string> &
  Record<FlagKey, boolean>;

/** The label that marks the scaphoid area; matched exactly, never by substring. */
export const HOLLOW_AT_THUMB_BASE: PainLocation =
  'Hollow/indent at base of thumb (where thumb meets wrist)';

export function emptyAnswers(): Answers {
  return {
    painLocation: [],
    painIntensity: '',
    painType: '',
    painTiming: '',
    onsetType: '',
    duration: '',
    age: '',
    occupation: '',
    weakness: false,
    numbness: false,
    tingling: false,
    stiffness: false,
    swelling: false,
    deformity: false,
    triggerFinger: false,
    clickingSound: false,
    nightPain: false,
    coldSensitivity: false,
    colorChanges: false,
    gripDifficulty: false,
    pinchDifficulty: false,
    writingDifficulty: false,
    keyboardDifficulty: false,
    previousInjury: false,
    additionalInfo: '',
  };
}
