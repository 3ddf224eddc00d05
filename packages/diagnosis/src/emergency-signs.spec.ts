import { careAdvice } from './care-advice';
import {
  EMERGENCY_SIGNS,
  EMERGENCY_SIGN_IDS,
  type EmergencySignId,
  isEmergencySignId,
} from './emergency-signs';
import * as engine from './index';
import { emptyAnswers } from './options';

describe('emergency signs', () => {
  it('are the signs of the emergency check, the 999 ones first, each with a label, reason and source', () => {
    expect(EMERGENCY_SIGN_IDS).toEqual([
      'stroke-heart',
      'heart-arm-pain',
      'sepsis',
      'heavy-bleeding',
      'crush-or-cast-pain',
      'cold-pale-blue',
      'bone-deformed',
      'injury-numb-tingling',
      'deep-cut',
      'knuckle-bite',
      'bite-puncture-injection',
      'hot-red-swollen',
    ]);
    // The ids of earlier versions stay, whatever their wording now (stored state, analytics).
    for (const id of [
      'cold-pale-blue',
      'hot-red-swollen',
      'bite-puncture-injection',
      'bone-deformed',
      'heavy-bleeding',
      'stroke-heart',
    ]) {
      expect(EMERGENCY_SIGN_IDS).toContain(id);
    }
    for (const sign of EMERGENCY_SIGNS) {
      expect(sign.label).toMatch(/^[A-Z]/);
      expect(sign.reason).toMatch(/^[A-Z].*\.$/);
      expect(sign.source).toMatch(/NHS|Society/);
    }
    expect(Object.isFrozen(EMERGENCY_SIGNS)).toBe(true);
  });

  it("any one sign makes the card an emergency with that sign's reason, even with no answers", () => {
    for (const sign of EMERGENCY_SIGNS) {
      const advice = careAdvice(emptyAnswers(), [sign.id]);
      expect(advice.level).toBe('emergency');
      expect(advice.tone).toBe('red');
      expect(advice.reasons[0]).toBe(sign.reason);
      expect(advice.ruleIds).toEqual([`sign:${sign.id}`]);
    }
  });

  it('gives one reason per sign, in list order, each once; unknown ids are ignored', () => {
    const chosen: EmergencySignId[] = [
      'stroke-heart',
      'cold-pale-blue',
      'cold-pale-blue',
      'no-such-sign' as EmergencySignId,
    ];
    const advice = careAdvice(emptyAnswers(), chosen);
    expect(advice.ruleIds).toEqual(['sign:stroke-heart', 'sign:cold-pale-blue']);
    expect(advice.reasons).toHaveLength(2);
  });

  it("the NHS's 999 lines (stroke, heart attack, sepsis, heavy bleeding, compartment syndrome) make the card a 999 / 911 call, the rest A&E", () => {
    const calls = EMERGENCY_SIGNS.filter((sign) => sign.call).map((sign) => sign.id);
    expect(calls).toEqual([
      'stroke-heart',
      'heart-arm-pain',
      'sepsis',
      'heavy-bleeding',
      'crush-or-cast-pain',
    ]);
    const sets: EmergencySignId[][] = [
      ...calls.map((id) => [id]),
      ['stroke-heart', 'cold-pale-blue'],
    ];
    for (const chosen of sets) {
      const advice = careAdvice(emptyAnswers(), chosen);
      expect(advice.card).toBe('emergency-call');
      expect(advice.actions.uk).toMatch(/^Call 999 now\. Do not drive yourself to A&E/);
      expect(advice.actions.us).toMatch(
        /^Call 911 now\. Do not drive yourself to the emergency room/,
      );
    }
    for (const sign of EMERGENCY_SIGNS.filter((s) => !s.call)) {
      expect([sign.id, careAdvice(emptyAnswers(), [sign.id]).card]).toEqual([sign.id, 'emergency']);
    }
  });

  it('no sign leaves the card to the answers (default and empty list agree)', () => {
    expect(careAdvice(emptyAnswers(), [])).toEqual(careAdvice(emptyAnswers()));
    expect(careAdvice(emptyAnswers()).level).toBe('routine');
  });

  it('narrows page data to known ids', () => {
    expect(isEmergencySignId('heavy-bleeding')).toBe(true);
    expect(isEmergencySignId('heavy')).toBe(false);
    expect(isEmergencySignId(3)).toBe(false);
  });

  it('are exported from the package entry', () => {
    expect(engine.EMERGENCY_SIGNS).toBe(EMERGENCY_SIGNS);
    expect(engine.careAdvice(emptyAnswers(), ['bone-deformed']).level).toBe('emergency');
  });
});
