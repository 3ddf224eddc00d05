import { CONDITIONS, CONDITION_NAMES, weightEntries } from './conditions';
import { SYMPTOM_LABELS } from './labels';

// Spec section 9, "Weights (points)", transcribed by hand, keys in the spec's order.
const SPEC_WEIGHTS: Record<string, Record<string, number>> = {
  'Carpal Tunnel Syndrome': {
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
  'Cubital Tunnel Syndrome': {
    numbness: 25,
    tingling: 25,
    painLocation_ring: 20,
    painLocation_little: 20,
    painLocation_elbow: 15,
    weakness: 15,
    pinchDifficulty: 10,
  },
  'Trigger Finger': {
    triggerFinger: 30,
    clickingSound: 20,
    stiffness: 20,
    painTiming_morning: 15,
    gripDifficulty: 10,
    swelling: 10,
  },
  "De Quervain's Tenosynovitis": {
    painLocation_thumb: 25,
    painLocation_wrist: 20,
    painType_sharp: 15,
    swelling: 15,
    pinchDifficulty: 15,
    gripDifficulty: 10,
    onsetType_repetitive: 10,
  },
  'Tennis Elbow (Lateral Epicondylitis)': {
    painLocation_elbow: 25,
    painLocation_forearm: 20,
    gripDifficulty: 20,
    painType_sharp: 15,
    weakness: 10,
    onsetType_repetitive: 10,
  },
  "Golfer's Elbow (Medial Epicondylitis)": {
    painLocation_elbow: 25,
    painLocation_forearm: 20,
    gripDifficulty: 15,
    weakness: 15,
    painType_aching: 10,
    onsetType_repetitive: 10,
  },
  "Dupuytren's Contracture": {
    deformity: 25,
    painLocation_palm: 20,
    stiffness: 20,
    age_over60: 15,
    onsetType_gradual: 10,
    gripDifficulty: 10,
  },
  'Ganglion Cyst': {
    swelling: 30,
    painLocation_wrist: 20,
    deformity: 15,
    painTiming_activity: 10,
    stiffness: 10,
  },
  'Hand and Wrist Arthritis': {
    stiffness: 25,
    painTiming_morning: 20,
    swelling: 15,
    deformity: 15,
    gripDifficulty: 15,
    age_over45: 10,
    onsetType_gradual: 10,
  },
  'Thumb Arthritis': {
    painLocation_thumb: 25,
    pinchDifficulty: 25,
    stiffness: 20,
    gripDifficulty: 15,
    age_over45: 10,
    swelling: 5,
  },
  'Elbow Arthritis': {
    painLocation_elbow: 35,
    stiffness: 25,
    swelling: 15,
    painTiming_morning: 15,
    age_over45: 10,
    weakness: 5,
  },
  'Mallet Finger': {
    deformity: 30,
    previousInjury: 25,
    onsetType_sudden: 20,
    stiffness: 15,
    weakness: 10,
  },
  'Jersey Finger': {
    weakness: 25,
    previousInjury: 25,
    onsetType_sudden: 20,
    deformity: 15,
    gripDifficulty: 15,
  },
  'Scaphoid Fracture': {
    painLocation_hollowAtThumbBase: 40,
    painLocation_wrist: 25,
    previousInjury: 25,
    onsetType_sudden: 20,
    swelling: 15,
    weakness: 10,
    painType_sharp: 10,
  },
  'Broken Bone or Tendon/Ligament Injury': {
    previousInjury: 30,
    onsetType_sudden: 25,
    deformity: 20,
    painIntensity_severe: 20,
    swelling: 15,
    weakness: 10,
  },
  'Mucous Cyst': {
    swelling: 25,
    deformity: 20,
    painLocation_finger: 15,
    age_over45: 15,
    stiffness: 10,
  },
  'Glomus Tumour': {
    painLocation_fingertip: 30,
    coldSensitivity: 30,
    painIntensity_severe: 25,
    painType_sharp: 20,
    colorChanges: 15,
    nightPain: 10,
  },
  'Skin Lesion/Lump': {
    deformity: 25,
    swelling: 20,
    colorChanges: 20,
    onsetType_gradual: 15,
    painLocation_any: 10,
  },
};

describe('the scoring table', () => {
  it('holds all 18 named conditions, in the order of spec section 9', () => {
    expect(CONDITION_NAMES).toEqual(Object.keys(SPEC_WEIGHTS));
    expect(CONDITION_NAMES).toHaveLength(18);
  });

  it('uses the display names of spec section 3', () => {
    expect(CONDITION_NAMES).toEqual([
      'Carpal Tunnel Syndrome',
      'Cubital Tunnel Syndrome',
      'Trigger Finger',
      "De Quervain's Tenosynovitis",
      'Tennis Elbow (Lateral Epicondylitis)',
      "Golfer's Elbow (Medial Epicondylitis)",
      "Dupuytren's Contracture",
      'Ganglion Cyst',
      'Hand and Wrist Arthritis',
      'Thumb Arthritis',
      'Elbow Arthritis',
      'Mallet Finger',
      'Jersey Finger',
      'Scaphoid Fracture',
      'Broken Bone or Tendon/Ligament Injury',
      'Mucous Cyst',
      'Glomus Tumour',
      'Skin Lesion/Lump',
    ]);
  });

  it.each(Object.entries(SPEC_WEIGHTS))('weights %s exactly as the spec does', (name, weights) => {
    const condition = CONDITIONS.find((c) => c.name === name);
    expect(condition).toBeDefined();
    expect(weightEntries(condition!)).toEqual(Object.entries(weights));
  });

  it('gives every condition one or two short plain sentences of description', () => {
    for (const condition of CONDITIONS) {
      expect(condition.description).toMatch(/^[A-Z][^.]*\.( [A-Z][^.]*\.)?$/);
      expect(condition.description.length).toBeLessThan(200);
    }
  });

  it('gives a timescale in the text of every condition that needs care soon (hazard H5, control 3)', () => {
    // The injuries whose result may read "Low priority" while the care card says today.
    const timescales: Record<string, RegExp> = {
      'Mallet Finger': /the same day/,
      'Jersey Finger': /within days/,
      'Scaphoid Fracture': /X-ray the same day/,
      'Broken Bone or Tendon/Ligament Injury': /checked the same day/,
    };
    for (const [name, timescale] of Object.entries(timescales)) {
      const condition = CONDITIONS.find((c) => c.name === name);
      expect([name, condition?.description]).toEqual([name, expect.stringMatching(timescale)]);
    }
    // Every other description names no timescale it cannot keep: none promises "no hurry".
    for (const condition of CONDITIONS) {
      expect(condition.description).not.toMatch(/no hurry|can wait|nothing to worry/i);
    }
  });

  it('never calls an unexamined lump simply harmless, and asks for lumps to be checked', () => {
    const reassuring = CONDITIONS.filter((c) =>
      /harmless|not serious|not cancer/i.test(c.description),
    );
    expect(reassuring.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Ganglion Cyst', 'Mucous Cyst', 'Skin Lesion/Lump']),
    );
    for (const condition of reassuring) {
      expect(condition.description).not.toMatch(/(^|[^y] )harmless/i);
      expect(condition.description).not.toMatch(/not serious|not cancer/i);
      expect(condition.description).toMatch(/checked|splint|X-ray/);
    }
  });

  it('has a readable label for every key the table uses, and no unused label', () => {
    const used = new Set(CONDITIONS.flatMap((c) => weightEntries(c).map(([key]) => key)));
    expect(new Set(Object.keys(SYMPTOM_LABELS))).toEqual(used);
    expect(used.size).toBe(38);
  });

  it('is frozen, weights included', () => {
    expect(Object.isFrozen(CONDITIONS)).toBe(true);
    expect(Object.isFrozen(CONDITIONS[0].weights)).toBe(true);
    expect(Object.isFrozen(SYMPTOM_LABELS)).toBe(true);
  });
});
