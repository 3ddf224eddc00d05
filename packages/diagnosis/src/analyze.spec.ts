import { analyzeSymptoms, confidenceFor, scoreConditions } from './analyze';
import { type Answers, FLAG_KEYS, HOLLOW_AT_THUMB_BASE, emptyAnswers } from './options';

function answers(overrides: Partial<Answers>): Answers {
  return { ...emptyAnswers(), ...overrides };
}

/** [condition, confidence] pairs, the part of a result the worked examples check. */
function ranking(input: Partial<Answers>): Array<[string, number]> {
  return analyzeSymptoms(answers(input)).topConditions.map((c) => [c.condition, c.confidence]);
}

/*
 * Worked examples. Every score below was added up by hand from the weights of spec section 9;
 * the comment lists the scores that decide the ranking.
 */
describe('analyzeSymptoms: worked examples', () => {
  it('classic carpal tunnel answers rank Carpal Tunnel first, capped at 95', () => {
    // Carpal 25+25+20+15+15+15+10+10+15 = 150; Cubital 25+25+15 = 65;
    // De Quervain's 25+20 = 45; Thumb Arthritis 25+10 = 35; Scaphoid 25+10 = 35.
    const result = analyzeSymptoms(
      answers({
        painLocation: ['Thumb', 'Index finger', 'Middle finger', 'Wrist'],
        numbness: true,
        tingling: true,
        nightPain: true,
        weakness: true,
        painTiming: 'At night',
        painIntensity: 'Moderate (4-6/10)',
        onsetType: 'Gradual onset',
        duration: '1-3 months',
        age: '46-60',
        occupation: 'Office work/Computer use',
      }),
    );
    expect(result.topConditions.map((c) => [c.condition, c.confidence])).toEqual([
      ['Carpal Tunnel Syndrome', 95], // min(95, 100)
      ['Cubital Tunnel Syndrome', 43], // 65/150 = 43.3 %
      ["De Quervain's Tenosynovitis", 30], // 45/150 = 30 %
    ]);
    expect(result.topConditions[0].matchingSymptoms).toEqual([
      'Numbness',
      'Tingling',
      'Night pain',
      'Pain in the thumb',
      'Pain in the index finger',
      'Pain in the middle finger',
      'Pain in the wrist',
      'Weakness',
      'Worse at night',
    ]);
    expect(result.topConditions[1].matchingSymptoms).toEqual(['Numbness', 'Tingling', 'Weakness']);
    expect(result.topConditions[2].matchingSymptoms).toEqual([
      'Pain in the thumb',
      'Pain in the wrist',
    ]);
    expect(result.keySymptoms).toEqual([
      'Pain in: Thumb, Index finger, Middle finger, Wrist',
      'Numbness',
      'Tingling',
      'Weakness',
      'Night pain',
    ]);
    expect(result.totalSymptoms).toBe(5);
    expect(result.additionalInfo).toBe('');
  });

  it('trigger finger answers rank Trigger Finger, then arthritis, then mucous cyst', () => {
    // Trigger 30+20+20+15 = 85; Hand and Wrist Arthritis 25+20+10+10 = 65;
    // Mucous Cyst 15+15+10 = 40; Dupuytren's 20+10 = 30; Thumb Arthritis 20+10 = 30.
    expect(
      ranking({
        painLocation: ['Ring finger'],
        triggerFinger: true,
        clickingSound: true,
        stiffness: true,
        painTiming: 'In the morning',
        onsetType: 'Gradual onset',
        age: '46-60',
      }),
    ).toEqual([
      ['Trigger Finger', 95],
      ['Hand and Wrist Arthritis', 76], // 65/85 = 76.5 %
      ['Mucous Cyst', 47], // 40/85 = 47.1 %
    ]);
  });

  it("de Quervain's answers rank De Quervain's first", () => {
    // De Quervain's 25+20+15+15+15+10+10 = 110; Thumb Arthritis 25+25+15+5 = 70;
    // Ganglion 30+20 = 50 and Scaphoid 25+15+10 = 50 tie (Ganglion first in the table);
    // Tennis 20+15+10 = 45; Hand and Wrist Arthritis 15+15 = 30; Carpal 15+10 = 25.
    expect(
      ranking({
        painLocation: ['Thumb', 'Wrist'],
        painType: 'Sharp/Stabbing',
        swelling: true,
        pinchDifficulty: true,
        gripDifficulty: true,
        onsetType: 'After repetitive activity',
      }),
    ).toEqual([
      ["De Quervain's Tenosynovitis", 95],
      ['Thumb Arthritis', 64], // 70/110 = 63.6 %
      ['Ganglion Cyst', 45], // 50/110 = 45.5 %
    ]);
  });

  it("tennis elbow answers rank Tennis Elbow first, then Golfer's Elbow", () => {
    // Tennis 25+20+20+15+10 = 90; Golfer's 25+20+15+10 = 70; De Quervain's 15+10+10 = 35 and
    // Elbow Arthritis 35 tie (De Quervain's first in the table); Cubital 15; Trigger 10.
    expect(
      ranking({
        painLocation: ['Elbow', 'Forearm'],
        gripDifficulty: true,
        painType: 'Sharp/Stabbing',
        onsetType: 'After repetitive activity',
      }),
    ).toEqual([
      ['Tennis Elbow (Lateral Epicondylitis)', 95],
      ["Golfer's Elbow (Medial Epicondylitis)", 78], // 70/90 = 77.8 %
      ["De Quervain's Tenosynovitis", 39], // 35/90 = 38.9 %
    ]);
  });

  it('a fall on the hand with pain in the hollow at the thumb base ranks Scaphoid first', () => {
    // Scaphoid 40+25+25+20+15+10 = 135; Broken Bone 30+25+20+15 = 90;
    // Mallet 25+20 = 45; Jersey 25+20 = 45; De Quervain's 25+20+15+15 = 75;
    // Carpal 15+10 = 25; Ganglion 30+20 = 50; Thumb Arthritis 25+5 = 30.
    expect(
      ranking({
        painLocation: [HOLLOW_AT_THUMB_BASE],
        previousInjury: true,
        onsetType: 'Sudden onset',
        swelling: true,
        painType: 'Sharp/Stabbing',
        painIntensity: 'Severe (7-10/10)',
      }),
    ).toEqual([
      ['Scaphoid Fracture', 95],
      ['Broken Bone or Tendon/Ligament Injury', 67], // 90/135 = 66.7 %
      ["De Quervain's Tenosynovitis", 56], // 75/135 = 55.6 %
    ]);
  });

  it('a glomus picture ranks Glomus Tumour first when fingertip and cold are both present', () => {
    // Glomus 30+30+25+20+15+10 = 130; Skin Lesion 20+10 = 30;
    // Carpal 20 and Broken Bone 20 tie, Carpal first by table order; Mucous 15.
    const glomus: Partial<Answers> = {
      painLocation: ['Fingertip'],
      coldSensitivity: true,
      painIntensity: 'Severe (7-10/10)',
      painType: 'Sharp/Stabbing',
      colorChanges: true,
      nightPain: true,
    };
    expect(ranking(glomus)).toEqual([
      ['Glomus Tumour', 95],
      ['Skin Lesion/Lump', 23], // 30/130 = 23.1 %
      ['Carpal Tunnel Syndrome', 15], // 20/130 = 15.4 %
    ]);
    // Without cold sensitivity Glomus (now 100) is removed and the rest close up.
    expect(ranking({ ...glomus, coldSensitivity: false })).toEqual([
      ['Skin Lesion/Lump', 95], // 30/30, capped
      ['Carpal Tunnel Syndrome', 67], // 20/30 = 66.7 %
      ['Broken Bone or Tendon/Ligament Injury', 67],
    ]);
  });

  it('elbow arthritis answers rank Elbow Arthritis first', () => {
    // Elbow Arthritis 35+25+15+15+10 = 100; Hand and Wrist Arthritis 25+20+15+10 = 70;
    // Mucous Cyst 25+15+10 = 50; Trigger 45; Ganglion 40.
    expect(
      ranking({
        painLocation: ['Elbow'],
        stiffness: true,
        swelling: true,
        painTiming: 'In the morning',
        age: 'Over 60',
      }),
    ).toEqual([
      ['Elbow Arthritis', 95],
      ['Hand and Wrist Arthritis', 70],
      ['Mucous Cyst', 50],
    ]);
  });

  it('a drooping fingertip after an injury ranks Mallet Finger first', () => {
    // Mallet 30+25+20 = 75; Broken Bone 30+25+20 = 75 ties but comes later;
    // Jersey 25+20+15 = 60; Dupuytren's 25; Skin Lesion 25+10 = 35; Mucous 20+15 = 35.
    expect(
      ranking({
        painLocation: ['Fingertip'],
        deformity: true,
        previousInjury: true,
        onsetType: 'Sudden onset',
      }),
    ).toEqual([
      ['Mallet Finger', 95],
      ['Broken Bone or Tendon/Ligament Injury', 95],
      ['Jersey Finger', 80], // 60/75
    ]);
  });
});

describe('analyzeSymptoms: filters', () => {
  it('removes Glomus Tumour without fingertip pain even when it would score highest', () => {
    // Glomus would be 30+25+20+15 = 90 from cold, severe, sharp and colour changes alone.
    const result = analyzeSymptoms(
      answers({
        painLocation: ['Index finger'],
        coldSensitivity: true,
        painIntensity: 'Severe (7-10/10)',
        painType: 'Sharp/Stabbing',
        colorChanges: true,
      }),
    );
    expect(result.topConditions.map((c) => c.condition)).not.toContain('Glomus Tumour');
    const glomus = scoreConditions(answers({ coldSensitivity: true })).find(
      (s) => s.condition === 'Glomus Tumour',
    );
    expect(glomus?.score).toBe(30);
  });

  it('removes Elbow Arthritis without an elbow, and keeps it for a mention in the free text', () => {
    // Wrist, stiffness, swelling, morning, over 60: Hand and Wrist Arthritis 25+20+15+10 = 70,
    // Elbow Arthritis 25+15+15+10 = 65, Ganglion 30+20+10 = 60, Mucous Cyst 25+15+10 = 50.
    const base: Partial<Answers> = {
      painLocation: ['Wrist'],
      stiffness: true,
      swelling: true,
      painTiming: 'In the morning',
      age: 'Over 60',
    };
    expect(ranking(base)).toEqual([
      ['Hand and Wrist Arthritis', 95],
      ['Ganglion Cyst', 86], // 60/70 = 85.7 %
      ['Mucous Cyst', 71], // 50/70 = 71.4 %
    ]);
    expect(ranking({ ...base, additionalInfo: 'My <b>ELBOW</b> creaks too' })).toEqual([
      ['Hand and Wrist Arthritis', 95],
      ['Elbow Arthritis', 93], // 65/70 = 92.9 %
      ['Ganglion Cyst', 86],
    ]);
  });

  it('looks for the elbow mention only after cleaning the free text', () => {
    // The word only appears inside markup, which cleaning removes.
    const result = analyzeSymptoms(
      answers({ stiffness: true, additionalInfo: '<span title="elbow">stiff</span>' }),
    );
    expect(result.topConditions.map((c) => c.condition)).not.toContain('Elbow Arthritis');
    expect(result.additionalInfo).toBe('stiff');
  });
});

describe('analyzeSymptoms: ranking', () => {
  it('returns nothing when nothing scores', () => {
    expect(analyzeSymptoms(emptyAnswers()).topConditions).toEqual([]);
    // Answers that match no weight at all still give an empty list.
    expect(
      ranking({ painType: 'Burning', duration: '3-6 months', occupation: 'Healthcare' }),
    ).toEqual([]);
  });

  it('returns fewer than three when fewer score above zero', () => {
    // Palm: Dupuytren's 20, Skin Lesion 10 (any location); nothing else scores.
    expect(ranking({ painLocation: ['Palm'] })).toEqual([
      ["Dupuytren's Contracture", 95],
      ['Skin Lesion/Lump', 50],
    ]);
  });

  it('keeps table order for equal scores (weakness alone)', () => {
    // Jersey 25; Cubital 15 and Golfer's 15 tie (Cubital first); Carpal, Tennis, Mallet,
    // Scaphoid and Broken Bone tie lower at 10.
    expect(ranking({ weakness: true })).toEqual([
      ['Jersey Finger', 95],
      ['Cubital Tunnel Syndrome', 60],
      ["Golfer's Elbow (Medial Epicondylitis)", 60],
    ]);
  });

  it('keeps table order for equal scores (deformity alone)', () => {
    // Mallet 30; Dupuytren's 25 and Skin Lesion 25 tie (Dupuytren's first).
    expect(ranking({ deformity: true })).toEqual([
      ['Mallet Finger', 95],
      ["Dupuytren's Contracture", 83],
      ['Skin Lesion/Lump', 83],
    ]);
  });

  it('cuts a tie at third place by table order (stiffness alone)', () => {
    // Hand and Wrist Arthritis 25; Trigger 20, Dupuytren's 20 and Thumb Arthritis 20 tie.
    expect(ranking({ stiffness: true })).toEqual([
      ['Hand and Wrist Arthritis', 95],
      ['Trigger Finger', 80],
      ["Dupuytren's Contracture", 80],
    ]);
  });

  it('scores every condition in table order, before filtering', () => {
    const scores = scoreConditions(answers({ swelling: true }));
    expect(scores.map((s) => s.score)).toEqual([
      0, 0, 10, 15, 0, 0, 0, 30, 15, 5, 15, 0, 0, 15, 15, 25, 0, 20,
    ]);
    expect(scores[7]).toMatchObject({ condition: 'Ganglion Cyst', matchedKeys: ['swelling'] });
  });
});

describe('confidenceFor', () => {
  it('is the rounded percentage of the top score, capped at 95', () => {
    expect(confidenceFor(150, 150)).toBe(95);
    expect(confidenceFor(1, 8)).toBe(13); // 12.5 rounds up
    expect(confidenceFor(5, 150)).toBe(3);
    expect(confidenceFor(143, 150)).toBe(95); // 95.3 %
    expect(confidenceFor(142, 150)).toBe(95); // 94.7 % rounds to 95
    expect(confidenceFor(141, 150)).toBe(94);
  });
});

describe('analyzeSymptoms: summary', () => {
  it('lists key symptoms in the fixed order, whatever order they were answered in', () => {
    const result = analyzeSymptoms(
      answers({
        nightPain: true,
        triggerFinger: true,
        swelling: true,
        stiffness: true,
        weakness: true,
        tingling: true,
        numbness: true,
        clickingSound: true,
        coldSensitivity: true,
        painLocation: ['Palm', 'Thumb'],
      }),
    );
    expect(result.keySymptoms).toEqual([
      'Pain in: Palm, Thumb',
      'Numbness',
      'Tingling',
      'Weakness',
      'Stiffness',
      'Swelling',
      'Finger catching/locking',
      'Night pain',
    ]);
  });

  it('has no location line when no location is chosen', () => {
    expect(analyzeSymptoms(answers({ numbness: true })).keySymptoms).toEqual(['Numbness']);
    expect(analyzeSymptoms(emptyAnswers()).keySymptoms).toEqual([]);
  });

  it('counts every true flag plus one for a non-empty location list', () => {
    expect(analyzeSymptoms(emptyAnswers()).totalSymptoms).toBe(0);
    expect(
      analyzeSymptoms(answers({ painLocation: ['Palm', 'Wrist', 'Elbow'] })).totalSymptoms,
    ).toBe(1);
    expect(
      analyzeSymptoms(answers({ writingDifficulty: true, keyboardDifficulty: true })).totalSymptoms,
    ).toBe(2);
    const everything = answers({ painLocation: ['Thumb'] });
    for (const flag of FLAG_KEYS) everything[flag] = true;
    expect(analyzeSymptoms(everything).totalSymptoms).toBe(17);
  });

  it('returns the cleaned free text, at most 500 characters', () => {
    expect(
      analyzeSymptoms(
        answers({ additionalInfo: '  <p>Worse when typing.</p><script>x()</script> ' }),
      ).additionalInfo,
    ).toBe('Worse when typing.');
    const long = analyzeSymptoms(answers({ additionalInfo: `  ${'x'.repeat(499)}yz` }));
    expect(long.additionalInfo).toBe(`${'x'.repeat(499)}y`);
  });

  it('gives every result the description from the table', () => {
    const [top] = analyzeSymptoms(answers({ triggerFinger: true })).topConditions;
    expect(top.condition).toBe('Trigger Finger');
    expect(top.description).toMatch(/catch, click or lock/);
    expect(top.matchingSymptoms).toEqual(['Finger catching or locking']);
  });

  it('does not change the answers it was given', () => {
    const input = answers({ painLocation: ['Wrist'], additionalInfo: '<b>hi</b>' });
    const copy = structuredClone(input);
    analyzeSymptoms(input);
    expect(input).toEqual(copy);
  });
});
