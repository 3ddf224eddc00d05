import {
  AGE_RANGES,
  DURATIONS,
  FUNCTION_FLAGS,
  OCCUPATIONS,
  ONSET_TYPES,
  PAIN_INTENSITIES,
  PAIN_LOCATIONS,
  PAIN_TIMINGS,
  PAIN_TYPES,
  SYMPTOM_FLAGS,
  type ChoiceKey,
  type FlagKey,
} from '@handcheck/diagnosis';

/** How each yes/no flag is asked. */
export const FLAG_LABELS: Readonly<Record<FlagKey, string>> = {
  weakness: 'Weakness in the hand or arm',
  numbness: 'Numbness',
  tingling: "Tingling or 'pins and needles'",
  stiffness: 'Stiffness',
  swelling: 'Swelling',
  deformity: 'A visible lump, bend or change in shape',
  triggerFinger: 'A finger that catches, locks or gets stuck bent',
  clickingSound: 'Clicking or snapping when moving',
  nightPain: 'Pain or symptoms that wake you at night',
  coldSensitivity: 'Sensitivity to cold',
  colorChanges: 'Colour changes in the skin (white, blue or red)',
  gripDifficulty: 'Gripping or holding objects',
  pinchDifficulty: 'Pinching, such as turning a key or doing up buttons',
  writingDifficulty: 'Writing',
  keyboardDifficulty: 'Typing or using a keyboard',
  previousInjury: 'I have injured this hand, wrist or arm before',
};

export type Question =
  | { kind: 'locations'; legend: string; hint: string; options: readonly string[] }
  | { kind: 'choice'; field: ChoiceKey; legend: string; hint?: string; options: readonly string[] }
  | { kind: 'flags'; legend: string; hint?: string; flags: readonly FlagKey[] }
  | { kind: 'text'; label: string; hint: string };

export interface StepDefinition {
  title: string;
  intro: string;
  questions: Question[];
}

const SELECT_ALL = 'Select all that apply.';

/** The six questionnaire steps in order (spec §2): titles, questions and option labels. */
export const STEP_DEFINITIONS: readonly StepDefinition[] = [
  {
    title: 'Pain Location & Character',
    intro: 'Tell us where you feel symptoms and what the pain is like. Every question is optional.',
    questions: [
      {
        kind: 'locations',
        legend: 'Where do you feel pain or other symptoms?',
        hint: SELECT_ALL,
        options: PAIN_LOCATIONS,
      },
      {
        kind: 'choice',
        field: 'painIntensity',
        legend: 'How strong is the pain at its worst?',
        options: PAIN_INTENSITIES,
      },
      {
        kind: 'choice',
        field: 'painType',
        legend: 'What does the pain feel like?',
        options: PAIN_TYPES,
      },
      {
        kind: 'choice',
        field: 'painTiming',
        legend: 'When is the pain most noticeable?',
        options: PAIN_TIMINGS,
      },
    ],
  },
  {
    title: 'Associated Symptoms',
    intro: 'Other symptoms help tell similar conditions apart.',
    questions: [
      {
        kind: 'flags',
        legend: 'Which of these symptoms do you have?',
        hint: SELECT_ALL,
        flags: SYMPTOM_FLAGS,
      },
    ],
  },
  {
    title: 'Functional Impact',
    intro: 'How your symptoms affect everyday tasks.',
    questions: [
      {
        kind: 'flags',
        legend: 'Which everyday tasks have become difficult?',
        hint: SELECT_ALL,
        flags: FUNCTION_FLAGS,
      },
    ],
  },
  {
    title: 'Symptom History',
    intro: 'When and how your symptoms began.',
    questions: [
      {
        kind: 'choice',
        field: 'onsetType',
        legend: 'How did your symptoms start?',
        options: ONSET_TYPES,
      },
      {
        kind: 'choice',
        field: 'duration',
        legend: 'How long have you had these symptoms?',
        options: DURATIONS,
      },
      { kind: 'flags', legend: 'Previous injury', flags: ['previousInjury'] },
    ],
  },
  {
    title: 'Background Information',
    intro: 'Some conditions are more common at certain ages or in certain kinds of work.',
    questions: [
      {
        kind: 'choice',
        field: 'age',
        legend: 'What is your age range?',
        hint: 'HandCheck is for adults. For a child under 18, see a GP or pharmacist (UK) or their doctor (US). After an injury, take them to A&E (UK) or the emergency room (US).',
        options: AGE_RANGES,
      },
      {
        kind: 'choice',
        field: 'occupation',
        legend: 'What best describes your work or main activity?',
        options: OCCUPATIONS,
      },
    ],
  },
  {
    title: 'Additional Information',
    intro: 'Anything else that may help, in your own words.',
    questions: [
      {
        kind: 'text',
        label: 'Anything else you would like to tell us? (optional)',
        hint: 'For example what makes it better or worse, or treatments you have tried. Please do not include your name or contact details.',
      },
    ],
  },
];

export function stepDefinition(step: number): StepDefinition {
  return STEP_DEFINITIONS[Math.min(STEP_DEFINITIONS.length, Math.max(1, step)) - 1];
}
