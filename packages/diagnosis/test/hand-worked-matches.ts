import { HOLLOW_AT_THUMB_BASE, PAIN_LOCATIONS } from '../src/options';

/*
 * An independent reading of spec section 9 shared by the specs as their oracle: the
 * substring rule is replaced by the option labels each key matches, worked out by hand.
 */
export const MATCHING_LABELS: Record<string, readonly string[]> = {
  painLocation_thumb: ['Thumb', HOLLOW_AT_THUMB_BASE],
  painLocation_index: ['Index finger'],
  painLocation_middle: ['Middle finger'],
  painLocation_ring: ['Ring finger'],
  painLocation_little: ['Little finger'],
  painLocation_wrist: ['Wrist', HOLLOW_AT_THUMB_BASE],
  painLocation_elbow: ['Elbow'],
  painLocation_forearm: ['Forearm'],
  painLocation_palm: ['Palm'],
  painLocation_finger: [
    'Index finger',
    'Middle finger',
    'Ring finger',
    'Little finger',
    'Fingertip',
  ],
  painLocation_fingertip: ['Fingertip'],
  painLocation_hollowAtThumbBase: [HOLLOW_AT_THUMB_BASE],
  painLocation_any: PAIN_LOCATIONS,
  painTiming_night: ['At night'],
  painTiming_morning: ['In the morning'],
  painTiming_activity: ['With activity'],
  painType_sharp: ['Sharp/Stabbing'],
  painType_aching: ['Dull/Aching'],
  painIntensity_severe: ['Severe (7-10/10)'],
  onsetType_repetitive: ['After repetitive activity'],
  onsetType_gradual: ['Gradual onset'],
  onsetType_sudden: ['Sudden onset'],
  age_over45: ['46-60', 'Over 60'],
  age_over60: ['Over 60'],
};
