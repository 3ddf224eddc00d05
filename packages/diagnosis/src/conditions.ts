import { deepFreeze } from './freeze';
import { type SymptomKey } from './symptom-keys';

export interface ConditionDefinition {
  /** Display name, exactly as in spec section 3. */
  readonly name: string;
  /** One plain-English sentence shown on the result card. */
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
      'Pressure on the median nerve at the wrist, which commonly causes numbness, tingling and pain in the thumb, index and middle fingers that is often worse at night.',
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
      'Pressure on or stretching of the ulnar nerve at the elbow, which can cause numbness and tingling in the ring and little fingers and, over time, weakness of the hand.',
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
      'Narrowing around the tendon of a finger or thumb that can make it catch, click or lock when you bend and straighten it.',
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
      'Irritation of the tendons on the thumb side of the wrist, causing pain and sometimes swelling that is usually worse when gripping, pinching or moving the thumb.',
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
      'Overload of the tendons attached to the outer side of the elbow, causing pain there and down the forearm, especially when gripping or lifting.',
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
      'Overload of the tendons attached to the inner side of the elbow, causing pain there and in the forearm that is often worse when gripping.',
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
      'Gradual thickening of the tissue under the skin of the palm that can form lumps or cords and slowly pull one or more fingers into a bent position.',
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
      'A harmless fluid-filled lump, most often on the wrist, that can change in size and is sometimes uncomfortable when it presses on nearby tissues.',
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
      'Wear or inflammation of the joints of the hand or wrist, which can cause pain, swelling and stiffness that is often worst in the morning.',
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
      'Wear of the joint at the base of the thumb, which can cause aching, stiffness and weakness when pinching or gripping.',
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
      'Wear or inflammation of the elbow joint, which can cause pain, stiffness and loss of movement when bending or straightening the arm.',
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
      'An injury to the tendon that straightens the end of a finger, leaving the fingertip drooping so that it cannot be straightened on its own.',
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
      'An injury in which the tendon that bends the end of a finger is torn away, usually while gripping forcefully, so the fingertip can no longer bend by itself.',
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
      'A break in a small wrist bone near the base of the thumb, usually after a fall on an outstretched hand, which can be missed on a first X-ray and needs prompt assessment.',
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
      'Damage to a bone, tendon or ligament from an injury, which can cause pain, swelling, weakness or a change in shape and should be checked promptly.',
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
      'A small fluid-filled lump near the end joint of a finger, usually linked to wear of that joint and generally not serious.',
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
      'A rare, non-cancerous growth, usually under a fingernail, that causes sharp pain when pressed and marked sensitivity to cold.',
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
      'A lump or change in the skin of the hand that is usually harmless but should be checked by a doctor if it is new, growing or changing colour.',
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
