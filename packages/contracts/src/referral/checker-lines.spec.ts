import {
  CONDITION_NAMES,
  PAIN_LOCATIONS,
  analyzeSymptoms,
  emptyAnswers,
  keySymptomsOf,
} from '@handcheck/diagnosis';
import { isCheckerCondition, isCheckerKeySymptom } from './checker-lines';

describe("the checker's own lines", () => {
  it('knows its 18 condition names exactly', () => {
    for (const name of CONDITION_NAMES) expect(isCheckerCondition(name)).toBe(true);
    for (const name of [
      'Tennis Elbow',
      'trigger finger',
      'URGENT: visit https://evil.example/claim',
    ]) {
      expect(isCheckerCondition(name)).toBe(false);
    }
  });

  it('knows every key symptom line the checker writes', () => {
    const everything = {
      ...emptyAnswers(),
      painLocation: [...PAIN_LOCATIONS],
      numbness: true,
      tingling: true,
      weakness: true,
      stiffness: true,
      swelling: true,
      triggerFinger: true,
      nightPain: true,
    };
    const lines = keySymptomsOf(everything);
    expect(lines.length).toBe(8);
    for (const line of lines) expect(isCheckerKeySymptom(line)).toBe(true);
    expect(isCheckerKeySymptom('Pain in: Wrist')).toBe(true);
    expect(isCheckerKeySymptom('Pain in: Ring finger, Thumb')).toBe(true);
    const { keySymptoms } = analyzeSymptoms({
      ...emptyAnswers(),
      painLocation: ['Elbow'],
      numbness: true,
    });
    expect(keySymptoms.every(isCheckerKeySymptom)).toBe(true);
  });

  it('refuses anything else a client could send', () => {
    for (const line of [
      'URGENT: visit https://evil.example/claim',
      'Pain in: evil.example',
      'Pain in: Wrist, Wrist',
      'Pain in: ',
      'Pain in: Wrist,Thumb',
      'numbness',
      'Numbness ',
      'Pain in: Finger',
    ]) {
      expect([line, isCheckerKeySymptom(line)]).toEqual([line, false]);
    }
  });
});
