import {
  EMERGENCY_SIGNS,
  EMERGENCY_SIGN_IDS,
  careAdvice,
  emptyAnswers,
} from '@handcheck/diagnosis';
import { emergencyWording, needsCall } from './emergencyWording';

const CALL_SIGNS = EMERGENCY_SIGNS.filter((sign) => sign.call === true);
const GO_SIGNS = EMERGENCY_SIGNS.filter((sign) => sign.call !== true);

const UK_ONLY = /911|emergency room|\bER\b|\bUS\b/;
const US_ONLY = /999|A&E|\bUK\b|\b111\b|\bGP\b/;

describe('emergency card wording', () => {
  it('has signs of both kinds to word', () => {
    expect(CALL_SIGNS.length).toBeGreaterThan(0);
    expect(GO_SIGNS.length).toBeGreaterThan(0);
  });

  it('names A&E or 999 for the UK and the emergency room or 911 for the US, for every sign, never mixed', () => {
    for (const sign of EMERGENCY_SIGN_IDS) {
      const [uk, us] = emergencyWording([sign]);
      expect(uk.id).toBe('uk');
      expect(uk.country).toBe('In the UK');
      expect(`${uk.now} ${uk.call}`).toMatch(/A&E/);
      expect(`${uk.now} ${uk.call}`).toMatch(/999/);
      expect(`${uk.now} ${uk.call}`).not.toMatch(UK_ONLY);
      expect(us.id).toBe('us');
      expect(us.country).toBe('In the US');
      expect(`${us.now} ${us.call}`).toMatch(/emergency room/);
      expect(`${us.now} ${us.call}`).toMatch(/911/);
      expect(`${us.now} ${us.call}`).not.toMatch(US_ONLY);
    }
  });

  it.each(CALL_SIGNS.map((sign) => [sign.id] as const))(
    'makes %s a 999 / 911 call, as the care card does',
    (id) => {
      expect(needsCall([id])).toBe(true);
      const [uk, us] = emergencyWording([id]);
      expect(uk.now).toBe('Call 999 now.');
      expect(us.now).toBe('Call 911 now.');
      expect(careAdvice(emptyAnswers(), [id]).card).toBe('emergency-call');
    },
  );

  it.each(GO_SIGNS.map((sign) => [sign.id] as const))(
    'sends %s to A&E / the ER, as the care card does',
    (id) => {
      expect(needsCall([id])).toBe(false);
      const [uk, us] = emergencyWording([id]);
      expect(uk.now).toBe('Go to A&E now.');
      expect(us.now).toBe('Go to the emergency room (ER) now.');
      expect(us.call).toContain('An urgent care clinic is not an emergency room.');
      expect(careAdvice(emptyAnswers(), [id]).card).toBe('emergency');
    },
  );

  it('makes any call sign a call straight away, whatever else is chosen', () => {
    for (const call of CALL_SIGNS) {
      const [uk, us] = emergencyWording([...GO_SIGNS.map((sign) => sign.id), call.id]);
      expect(uk.now).toBe('Call 999 now.');
      expect(us.now).toBe('Call 911 now.');
    }
    expect(emergencyWording(GO_SIGNS.map((sign) => sign.id))[0].now).toBe('Go to A&E now.');
  });
});
