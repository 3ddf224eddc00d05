import { deepFreeze } from './freeze';
import { type SymptomKey } from './symptom-keys';

export interface ConditionDefinition {
  /** Display name, exactly as in spec section 3. */
  readonly name: string;
  /**
   * One or two short plain-English sentences shown on the result card, at or below US grade 9;
   * a lump is "usually harmless" and to be checked, never simply "harmless" (unexamined).
   */
  readonly description: string;
  /** Points per matched symptom key, exactly as in spec section 9, in the spec's order. */
  readonly weights: Readonly<Partial<Record<SymptomKey, number>>>;
}

/*
 * The scoring table: all 18 conditions the spec names (its "17" is a miscount), in the order
 * of spec section 9. The order is part of the behaviour: equal scores keep this order.
 */
export const CONDITIONS = deepFreeze([
  {
    name: 'Carpal Tunnel Syndrome',
    description:
      'A squeezed nerve at the wrist (the median nerve). It causes numbness, tingling and pain in the thumb and first two fingers, often worse at night.',
    weights: {
      numbness: 25,
      tingling: 25,
      nightPain: 20,
      painLocation_thumb: 15,
      painLocation_index: 15,
      painLocation_middle: 15,
      painLocation_wrist: 10,
      weakness: 10,
      painTiming_night: 15,
    },
  },
  {
    name: 'Cubital Tunnel Syndrome',
    description:
      'A squeezed or stretched nerve at the elbow (the ulnar nerve). It can cause numbness and tingling in the ring and little fingers and, over time, a weak hand.',
    weights: {
      numbness: 25,
      tingling: 25,
      painLocation_ring: 20,
      painLocation_little: 20,
      painLocation_elbow: 15,
      weakness: 15,
      pinchDifficulty: 10,
    },
  },
  {
    name: 'Trigger Finger',
    description:
      'A tight tunnel around the tendon of a finger or thumb, which makes it catch, click or lock when you bend it.',
    weights: {
      triggerFinger: 30,
      clickingSound: 20,
      stiffness: 20,
      painTiming_morning: 15,
      gripDifficulty: 10,
      swelling: 10,
    },
  },
  {
    name: "De Quervain's Tenosynovitis",
    description:
      'Sore, swollen tendons (the cords that move the thumb) on the thumb side of the wrist. They hurt most when you grip, pinch or move the thumb.',
    weights: {
      painLocation_thumb: 25,
      painLocation_wrist: 20,
      painType_sharp: 15,
      swelling: 15,
      pinchDifficulty: 15,
      gripDifficulty: 10,
      onsetType_repetitive: 10,
    },
  },
  {
    name: 'Tennis Elbow (Lateral Epicondylitis)',
    description:
      'Strain of the tendons on the outer side of the elbow. It causes pain there and down the forearm, mainly when you grip or lift.',
    weights: {
      painLocation_elbow: 25,
      painLocation_forearm: 20,
      gripDifficulty: 20,
      painType_sharp: 15,
      weakness: 10,
      onsetType_repetitive: 10,
    },
  },
  {
    name: "Golfer's Elbow (Medial Epicondylitis)",
    description:
      'Strain of the tendons on the inner side of the elbow. It causes pain there and in the forearm, often worse when you grip.',
    weights: {
      painLocation_elbow: 25,
      painLocation_forearm: 20,
      gripDifficulty: 15,
      weakness: 15,
      painType_aching: 10,
      onsetType_repetitive: 10,
    },
  },
  {
    name: "Dupuytren's Contracture",
    description:
      'Thick tissue that slowly forms lumps or cords under the skin of the palm. It can pull one or more fingers into a bent position.',
    weights: {
      deformity: 25,
      painLocation_palm: 20,
      stiffness: 20,
      age_over60: 15,
      onsetType_gradual: 10,
      gripDifficulty: 10,
    },
  },
  {
    name: 'Ganglion Cyst',
    description:
      'A lump filled with fluid, most often on the wrist, that is usually harmless and can change size or ache. Have any new lump checked by a doctor.',
    weights: {
      swelling: 30,
      painLocation_wrist: 20,
      deformity: 15,
      painTiming_activity: 10,
      stiffness: 10,
    },
  },
  {
    name: 'Hand and Wrist Arthritis',
    description:
      'Wear or swelling of the joints of the hand or wrist. It can cause pain, swelling and stiffness, often worst in the morning.',
    weights: {
      stiffness: 25,
      painTiming_morning: 20,
      swelling: 15,
      deformity: 15,
      gripDifficulty: 15,
      age_over45: 10,
      onsetType_gradual: 10,
    },
  },
  {
    name: 'Thumb Arthritis',
    description:
      'Wear of the joint at the base of the thumb, which can cause aching, stiffness and weakness when you pinch or grip.',
    weights: {
      painLocation_thumb: 25,
      pinchDifficulty: 25,
      stiffness: 20,
      gripDifficulty: 15,
      age_over45: 10,
      swelling: 5,
    },
  },
  {
    name: 'Elbow Arthritis',
    description:
      'Wear or swelling of the elbow joint, which can cause pain, stiffness and loss of movement when you bend or straighten the arm.',
    weights: {
      painLocation_elbow: 35,
      stiffness: 25,
      swelling: 15,
      painTiming_morning: 15,
      age_over45: 10,
      weakness: 5,
    },
  },
  {
    name: 'Mallet Finger',
    description:
      'An injury to the tendon at the tip of a finger, so the fingertip droops and will not straighten by itself. It needs a splint, best fitted the same day.',
    weights: {
      deformity: 30,
      previousInjury: 25,
      onsetType_sudden: 20,
      stiffness: 15,
      weakness: 10,
    },
  },
  {
    name: 'Jersey Finger',
    description:
      'A torn tendon that bends the tip of a finger, often from a hard grip, so the tip will not bend by itself. It needs to be seen within days.',
    weights: {
      weakness: 25,
      previousInjury: 25,
      onsetType_sudden: 20,
      deformity: 15,
      gripDifficulty: 15,
    },
  },
  {
    name: 'Scaphoid Fracture',
    description:
      'A break in a small wrist bone, often from a fall on an outstretched hand, that hurts in the hollow just past the base of the thumb. It is easy to miss and needs an X-ray the same day.',
    weights: {
      painLocation_hollowAtThumbBase: 40,
      painLocation_wrist: 25,
      previousInjury: 25,
      onsetType_sudden: 20,
      swelling: 15,
      weakness: 10,
      painType_sharp: 10,
    },
  },
  {
    name: 'Broken Bone or Tendon/Ligament Injury',
    description:
      'Damage to a bone, tendon or ligament (the tissue that holds joints together) from an injury. It can cause pain, swelling or a change in shape and should be checked the same day.',
    weights: {
      previousInjury: 30,
      onsetType_sudden: 25,
      deformity: 20,
      painIntensity_severe: 20,
      swelling: 15,
      weakness: 10,
    },
  },
  {
    name: 'Mucous Cyst',
    description:
      'A small lump filled with fluid near the end joint of a finger, often linked to wear of that joint. It is usually harmless, but have it checked by a doctor.',
    weights: {
      swelling: 25,
      deformity: 20,
      painLocation_finger: 15,
      age_over45: 15,
      stiffness: 10,
    },
  },
  {
    name: 'Glomus Tumour',
    description:
      'A rare growth under a fingernail that is usually harmless but should be checked. It causes sharp pain when pressed and when the finger gets cold.',
    weights: {
      painLocation_fingertip: 30,
      coldSensitivity: 30,
      painIntensity_severe: 25,
      painType_sharp: 20,
      colorChanges: 15,
      nightPain: 10,
    },
  },
  {
    name: 'Skin Lesion/Lump',
    description:
      'A lump or change in the skin of the hand that is usually harmless. Have it checked by a doctor if it is new, growing or changing colour.',
    weights: {
      deformity: 25,
      swelling: 20,
      colorChanges: 20,
      onsetType_gradual: 15,
      painLocation_any: 10,
    },
  },
] as const satisfies readonly ConditionDefinition[]);

export type ConditionName = (typeof CONDITIONS)[number]['name'];

export const CONDITION_NAMES: readonly ConditionName[] = deepFreeze(CONDITIONS.map((c) => c.name));

/** A condition's weights as [key, points] pairs, in table order. */
export function weightEntries(
  condition: ConditionDefinition,
): ReadonlyArray<readonly [SymptomKey, number]> {
  // Object.entries loses the key type; every key was checked against SymptomKey by `satisfies`.
  return Object.entries(condition.weights) as Array<[SymptomKey, number]>;
}
