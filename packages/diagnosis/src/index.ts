/*
 * HandCheck diagnosis engine: pure, dependency-free, runs in the visitor's browser.
 */
export {
  analyzeSymptoms,
  scoreConditions,
  keySymptomsOf,
  totalSymptomsOf,
  confidenceFor,
  type ConditionMatch,
  type ConditionScore,
  type DiagnosisResult,
} from './analyze';
export {
  careAdvice,
  CARE_CARDS,
  CARE_LEVELS,
  SAFETY_NET,
  type CareActions,
  type CareAdvice,
  type CareCardText,
  type CareTone,
} from './care-advice';
export { careTexts, type CareText } from './care-texts';
export { CARE_RULES, type CareCardId, type CareLevel, type CareRule } from './care-rules';
export {
  EMERGENCY_SIGNS,
  EMERGENCY_SIGN_IDS,
  isEmergencySignId,
  type EmergencySign,
  type EmergencySignId,
} from './emergency-signs';
export {
  CONDITIONS,
  CONDITION_NAMES,
  weightEntries,
  type ConditionDefinition,
  type ConditionName,
} from './conditions';
export { SYMPTOM_LABELS } from './labels';
export {
  ADDITIONAL_INFO_MAX,
  CONFIDENCE_CAP,
  STEPS,
  TOP_CONDITIONS_MAX,
  PRIORITY_HIGH_MIN,
  PRIORITY_MEDIUM_MIN,
} from './limits';
export { matchesSymptom, isEligible } from './matching';
export { normalizeAnswers } from './normalize';
export {
  PAIN_LOCATIONS,
  PAIN_INTENSITIES,
  PAIN_TYPES,
  PAIN_TIMINGS,
  ONSET_TYPES,
  DURATIONS,
  AGE_RANGES,
  OCCUPATIONS,
  FLAG_KEYS,
  SYMPTOM_FLAGS,
  FUNCTION_FLAGS,
  CHOICE_KEYS,
  HOLLOW_AT_THUMB_BASE,
  emptyAnswers,
  type Answers,
  type PainLocation,
  type PainIntensity,
  type PainType,
  type PainTiming,
  type OnsetType,
  type Duration,
  type AgeRange,
  type Occupation,
  type FlagKey,
  type ChoiceKey,
} from './options';
export { priorityFor, type Priority, type PriorityLabel, type PriorityTone } from './priority';
export { cleanText } from './sanitize';
export { type SymptomKey } from './symptom-keys';
