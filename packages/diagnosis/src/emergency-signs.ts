import { deepFreeze } from './freeze';

/*
 * The emergency check asked before the six questionnaire steps, as NHS 111 online asks its
 * emergency questions first. It asks what the NHS "Call 999" and "Go to A&E" lists ask
 * (docs/clinical-safety/care-table.md) in plain words, for now or today. The structured
 * answers cannot say "sweating", "fever", "a cut", "a cast" or "cold to the touch", so the
 * visitor picks them here. Any sign, or "I'm not sure" beside it, makes the card an emergency;
 * the care rules still reach the table's levels from the answers alone, so this check is a
 * second net for those who tick "None of these".
 */

export type EmergencySignId =
  | 'stroke-heart'
  | 'heart-arm-pain'
  | 'sepsis'
  | 'heavy-bleeding'
  | 'crush-or-cast-pain'
  | 'cold-pale-blue'
  | 'bone-deformed'
  | 'injury-numb-tingling'
  | 'deep-cut'
  | 'knuckle-bite'
  | 'bite-puncture-injection'
  | 'hot-red-swollen';

export interface EmergencySign {
  readonly id: EmergencySignId;
  /** The question as the visitor reads it, in plain words. */
  readonly label: string;
  /** The reason shown on the emergency card when this sign is chosen. */
  readonly reason: string;
  /** The guidance the sign is taken from. */
  readonly source: string;
  /** The care table's lines this sign asks (docs/clinical-safety/care-table.md). */
  readonly lines: readonly string[];
  /** A line of the NHS "Call 999" lists: a 999 / 911 call, not a trip to A&E. */
  readonly call?: true;
}

const NHS_STROKE = 'NHS: Stroke, symptoms — https://www.nhs.uk/conditions/stroke/symptoms/';
const NHS_HEART_ATTACK = 'NHS: Heart attack — https://www.nhs.uk/conditions/heart-attack/';
const NHS_SEPSIS = 'NHS: Sepsis — https://www.nhs.uk/conditions/sepsis/';
const NHS_CUTS = 'NHS: Cuts and grazes — https://www.nhs.uk/conditions/cuts-and-grazes/';
const NHS_COMPARTMENT =
  'NHS: Compartment syndrome — https://www.nhs.uk/conditions/compartment-syndrome/';
const NHS_BROKEN_FINGER =
  'NHS: Broken finger or thumb — https://www.nhs.uk/conditions/broken-finger/';
const NHS_BROKEN_ARM =
  'NHS: Broken arm or wrist — https://www.nhs.uk/conditions/broken-arm-or-wrist/';
const NHS_BITES =
  'NHS: Animal and human bites — https://www.nhs.uk/conditions/animal-and-human-bites/';
const NHS_CELLULITIS = 'NHS: Cellulitis — https://www.nhs.uk/conditions/cellulitis/';
const NHS_SEPTIC_ARTHRITIS =
  'NHS: Septic arthritis — https://www.nhs.uk/conditions/septic-arthritis/';

export const EMERGENCY_SIGNS: readonly EmergencySign[] = deepFreeze([
  // --- Call 999 / 911 ---------------------------------------------------------------------
  {
    // The id keeps its old name (stored state, analytics); the heart attack has its own sign.
    id: 'stroke-heart',
    call: true,
    label:
      'Sudden weakness or numbness in an arm or one side of the body, a drooping face, or slurred speech',
    reason:
      'Sudden weakness or numbness in an arm or on one side, a drooping face or slurred speech can be a stroke. Call 999 (UK) or 911 (US) now, even if it gets better.',
    source: NHS_STROKE,
    lines: ['ST-1', 'ST-2'],
  },
  {
    // The NHS heart attack page: pain can spread to the arms, and some people have no chest
    // pain at all, only sweating, sickness or breathlessness.
    id: 'heart-arm-pain',
    call: true,
    label:
      'Pain or heaviness in the chest or arm with sweating, feeling sick or short of breath, even with no chest pain',
    reason:
      'Pain in the chest or arm with sweating, feeling sick or short of breath can be a heart attack, even with no chest pain. Call 999 (UK) or 911 (US) now.',
    source: NHS_HEART_ATTACK,
    lines: ['HA-1', 'HA-2', 'EP-5', 'EP-6'],
  },
  {
    id: 'sepsis',
    call: true,
    label: 'Feeling very unwell or confused, with a hot, red, swollen area that is spreading',
    reason:
      'Feeling very unwell or confused with a spreading infection can be sepsis, which is life-threatening. Call 999 (UK) or 911 (US) now.',
    source: `${NHS_SEPSIS}; ${NHS_CELLULITIS}`,
    lines: ['SE-1'],
  },
  {
    id: 'heavy-bleeding',
    call: true,
    label: 'Heavy bleeding that will not stop',
    reason:
      'Heavy bleeding that will not stop needs help now. Press firmly on the wound with a clean cloth while you wait.',
    source: NHS_CUTS,
    lines: ['CU-1', 'BI-4'],
  },
  {
    // Compartment syndrome: pressure builds in the muscles after a crush or under a cast and
    // can cut off the blood supply within hours.
    id: 'crush-or-cast-pain',
    call: true,
    label: 'Severe pain that keeps getting worse after a crush injury, or in a cast or splint',
    reason:
      'Severe pain that keeps getting worse after a crush, or in a cast or splint, can mean pressure is building in the muscles. This can cut off the blood supply within hours. Call 999 (UK) or 911 (US) now.',
    source: NHS_COMPARTMENT,
    lines: ['CS-2'],
  },
  // --- Go to A&E / the emergency room ---------------------------------------------------
  {
    // A hand or finger that suddenly goes cold and pale or blue may have lost its blood
    // supply; the NHS sends a finger that "looks blue" after an injury to A&E.
    id: 'cold-pale-blue',
    label: 'A hand or finger that is suddenly cold, pale, white or blue',
    reason:
      'A hand or finger that is suddenly cold, pale, white or blue may not be getting enough blood. This needs treatment straight away.',
    source: `${NHS_BROKEN_FINGER}; NHS 111 — https://111.nhs.uk/`,
    lines: ['BF-2', 'HP-1'],
  },
  {
    // The id keeps its old name; the words are the NHS's "odd angle" and "changed shape".
    id: 'bone-deformed',
    label:
      'A finger, thumb, wrist, arm or elbow that looks bent, out of shape or at an odd angle, or has something poking through the skin',
    reason:
      'A finger, wrist, arm or elbow that is out of shape or at an odd angle can mean a bad break or a joint out of place. This needs A&E.',
    source: `${NHS_BROKEN_FINGER}; ${NHS_BROKEN_ARM}`,
    lines: ['BF-1', 'BF-3', 'BA-1', 'BA-4'],
  },
  {
    id: 'injury-numb-tingling',
    label: 'Numbness, tingling or pins and needles in the hand or fingers after an injury',
    reason:
      'Numbness or pins and needles after an injury can mean a nerve or blood vessel has been hurt. This needs A&E now.',
    source: `${NHS_BROKEN_FINGER}; ${NHS_BROKEN_ARM}`,
    lines: ['BF-2', 'BA-2'],
  },
  {
    // A cut tendon or nerve is repaired best within days; a cut-off fingertip within hours.
    id: 'deep-cut',
    label:
      'A deep cut, after which a finger will not bend or feels numb, or a fingertip that has been cut off',
    reason:
      'A deep cut can harm a tendon or nerve, and a cut-off fingertip may be saved if treated fast. This needs A&E now. Keep a cut-off part in clean cling film, kept cool but not on ice.',
    source: `${NHS_CUTS}; British Society for Surgery of the Hand — https://www.bssh.ac.uk/patients/`,
    lines: ['CU-2', 'BI-3'],
  },
  {
    // A "fight bite": a tooth can reach the knuckle joint through a small cut.
    id: 'knuckle-bite',
    label: "A cut over a knuckle from someone's teeth, such as from a punch",
    reason:
      "A cut over a knuckle from someone's teeth can carry germs into the joint, even if it looks small. This needs A&E today.",
    source: NHS_BITES,
    lines: ['BI-2'],
  },
  {
    // Bites often infect; a high-pressure injection injury looks small but injects material
    // deep into the hand and needs surgery within hours.
    id: 'bite-puncture-injection',
    label:
      'A bite, a puncture wound, or an injury from a high-pressure gun (grease, paint or water)',
    reason:
      'A bite, a puncture wound or an injury from a high-pressure gun can look small but harm the deep parts of the hand. It needs checking in A&E today.',
    source: `${NHS_BITES}; British Society for Surgery of the Hand — https://www.bssh.ac.uk/patients/`,
    lines: ['BI-1', 'CU-4'],
  },
  {
    // Tendon-sheath infection and septic arthritis spread within hours and need surgery.
    id: 'hot-red-swollen',
    label: 'A hot, red, swollen finger, hand or joint, especially with a fever',
    reason:
      'A hot, red, swollen finger or hand can mean an infection. In the hand, an infection can spread fast and may need an operation the same day.',
    source: `${NHS_CELLULITIS}; ${NHS_SEPTIC_ARTHRITIS}`,
    lines: ['CU-3', 'SA-4', 'EP-4'],
  },
] satisfies EmergencySign[]);

export const EMERGENCY_SIGN_IDS: readonly EmergencySignId[] = deepFreeze(
  EMERGENCY_SIGNS.map((sign) => sign.id),
);

/** Narrows data from the page (a query string, stored state) to known sign ids. */
export function isEmergencySignId(value: unknown): value is EmergencySignId {
  return typeof value === 'string' && (EMERGENCY_SIGN_IDS as readonly string[]).includes(value);
}
