import { deepFreeze } from './freeze';

/*
 * The emergency check asked before the six questionnaire steps, as NHS 111 online asks its
 * emergency questions first. The structured answers cannot express these signs (no question
 * asks about a wound, a fever or a hand that is suddenly cold), so the visitor picks them here
 * and any one of them makes the care card an emergency.
 */

export type EmergencySignId =
  | 'cold-pale-blue'
  | 'hot-red-swollen'
  | 'bite-puncture-injection'
  | 'bone-deformed'
  | 'heavy-bleeding'
  | 'stroke-heart';

export interface EmergencySign {
  readonly id: EmergencySignId;
  /** The question as the visitor reads it, in plain words. */
  readonly label: string;
  /** The reason shown on the emergency card when this sign is chosen. */
  readonly reason: string;
  /** The guidance the sign is taken from. */
  readonly source: string;
  /** Signs of a stroke or heart attack are a 999 / 911 call, not a trip to A&E. */
  readonly call?: true;
}

export const EMERGENCY_SIGNS: readonly EmergencySign[] = deepFreeze([
  {
    // A limb or digit that suddenly goes cold and pale or blue may have lost its blood supply;
    // the NHS sends a finger that "looks blue" after an injury to A&E.
    id: 'cold-pale-blue',
    label: 'A hand or finger that is suddenly cold, pale, white or blue',
    reason:
      'A hand or finger that is suddenly cold, pale, white or blue may not be getting enough blood. This needs treatment straight away.',
    source:
      'NHS: Broken finger or thumb — https://www.nhs.uk/conditions/broken-finger/; NHS 111 — https://111.nhs.uk/',
  },
  {
    // Tendon-sheath infection and septic arthritis spread within hours and need surgery; the
    // NHS sends cellulitis with a high temperature or a hot, swollen joint to urgent care or A&E.
    id: 'hot-red-swollen',
    label: 'A hot, red, swollen finger or hand, especially with a fever',
    reason:
      'A hot, red, swollen finger or hand can mean an infection. In the hand, an infection can spread fast and may need an operation the same day.',
    source:
      'NHS: Cellulitis — https://www.nhs.uk/conditions/cellulitis/; NHS: Septic arthritis — https://www.nhs.uk/conditions/septic-arthritis/',
  },
  {
    // Bites often infect; a high-pressure injection injury looks small but injects material
    // deep into the hand and needs surgery within hours.
    id: 'bite-puncture-injection',
    label:
      'A bite, a puncture wound, or an injury from a high-pressure gun (grease, paint or water)',
    reason:
      'A bite, a puncture wound or an injury from a high-pressure gun can look small but harm the deep parts of the hand. It needs checking in A&E today.',
    source:
      'NHS: Animal and human bites — https://www.nhs.uk/conditions/animal-and-human-bites/; British Society for Surgery of the Hand — https://www.bssh.ac.uk/patients/',
  },
  {
    // NHS: a finger "pointing at an odd angle" or "bone sticking out" means A&E.
    id: 'bone-deformed',
    label: 'A bone at an odd angle or through the skin',
    reason:
      'A bone at an odd angle or through the skin can mean a bad break or a joint out of place. This needs A&E.',
    source:
      'NHS: Broken finger or thumb — https://www.nhs.uk/conditions/broken-finger/; NHS: Broken arm or wrist — https://www.nhs.uk/conditions/broken-arm-or-wrist/',
  },
  {
    id: 'heavy-bleeding',
    label: 'Heavy bleeding that will not stop',
    reason:
      'Heavy bleeding that will not stop needs help now. Press firmly on the wound with a clean cloth on the way.',
    source: 'NHS: Cuts and grazes — https://www.nhs.uk/conditions/cuts-and-grazes/',
  },
  {
    // Stroke and heart attack can both show in the arm.
    id: 'stroke-heart',
    call: true,
    label:
      'Sudden weakness on one side, a drooping face, slurred speech, or chest pain spreading to the arm',
    reason:
      'Sudden weakness on one side, a drooping face, slurred speech or chest pain that spreads to the arm can be a stroke or heart attack. Call 999 (UK) or 911 (US) now.',
    source:
      'NHS: Stroke symptoms — https://www.nhs.uk/conditions/stroke/symptoms/; NHS: Heart attack — https://www.nhs.uk/conditions/heart-attack/',
  },
] satisfies EmergencySign[]);

export const EMERGENCY_SIGN_IDS: readonly EmergencySignId[] = deepFreeze(
  EMERGENCY_SIGNS.map((sign) => sign.id),
);

/** Narrows data from the page (a query string, stored state) to known sign ids. */
export function isEmergencySignId(value: unknown): value is EmergencySignId {
  return typeof value === 'string' && (EMERGENCY_SIGN_IDS as readonly string[]).includes(value);
}
