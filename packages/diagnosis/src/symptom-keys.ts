/*
 * Every key the weights table may use (spec section 3, "Symptom keys" and "Grouped keys").
 * Keeping them as one union lets the compiler reject a misspelt key in the weights table or
 * a missing entry in the label table.
 */

/** Keys that match when the yes/no answer of the same name is true. */
export type FlagSymptomKey =
  | 'numbness'
  | 'tingling'
  | 'nightPain'
  | 'weakness'
  | 'stiffness'
  | 'swelling'
  | 'deformity'
  | 'triggerFinger'
  | 'clickingSound'
  | 'gripDifficulty'
  | 'pinchDifficulty'
  | 'previousInjury'
  | 'coldSensitivity'
  | 'colorChanges';

export type LocationSymptomKey =
  | 'painLocation_thumb'
  | 'painLocation_index'
  | 'painLocation_middle'
  | 'painLocation_ring'
  | 'painLocation_little'
  | 'painLocation_wrist'
  | 'painLocation_elbow'
  | 'painLocation_forearm'
  | 'painLocation_palm'
  | 'painLocation_finger'
  | 'painLocation_fingertip'
  | 'painLocation_hollowAtThumbBase'
  | 'painLocation_any';

export type ChoiceSymptomKey =
  | 'painTiming_night'
  | 'painTiming_morning'
  | 'painTiming_activity'
  | 'painType_sharp'
  | 'painType_aching'
  | 'painIntensity_severe'
  | 'onsetType_repetitive'
  | 'onsetType_gradual'
  | 'onsetType_sudden';

export type AgeSymptomKey = 'age_over45' | 'age_over60';

export type SymptomKey = FlagSymptomKey | LocationSymptomKey | ChoiceSymptomKey | AgeSymptomKey;
