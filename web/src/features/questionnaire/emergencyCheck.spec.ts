import { EMERGENCY_SIGN_IDS, careAdvice, emptyAnswers } from '@handcheck/diagnosis';
import {
  afterEmergencyAdvice,
  afterEmergencyCheck,
  careSigns,
  continueLabel,
  emergencyCheckAnswer,
} from './emergencyCheck';

describe('emergency check view logic', () => {
  it('tells unanswered, "None of these" and signs apart', () => {
    expect(emergencyCheckAnswer(null, [])).toBe('unanswered');
    expect(emergencyCheckAnswer([], [])).toBe('none');
    expect(emergencyCheckAnswer(['heavy-bleeding'], [])).toBe('signs');
  });

  it('counts "I\'m not sure" beside a sign as a sign, even with nothing ticked', () => {
    expect(emergencyCheckAnswer(null, ['deep-cut'])).toBe('signs');
    expect(emergencyCheckAnswer([], ['deep-cut'])).toBe('signs');
    expect(afterEmergencyCheck(null, ['sepsis'], false)).toEqual({ kind: 'emergency-advice' });
  });

  it('goes nowhere until answered: "none" must be said, not assumed', () => {
    expect(afterEmergencyCheck(null, [], false)).toBeNull();
    expect(afterEmergencyCheck(null, [], true)).toBeNull();
  });

  it('shows the emergency advice at once for any sign, before any question or result', () => {
    expect(afterEmergencyCheck(['cold-pale-blue'], [], false)).toEqual({
      kind: 'emergency-advice',
    });
    expect(afterEmergencyCheck(['stroke-heart'], [], true)).toEqual({ kind: 'emergency-advice' });
  });

  it('"None of these" goes on to step 1, or back to the results it was asked again from', () => {
    expect(afterEmergencyCheck([], [], false)).toEqual({ kind: 'step', step: 1 });
    expect(afterEmergencyCheck([], [], true)).toEqual({ kind: 'results' });
    expect(afterEmergencyAdvice(false)).toEqual({ kind: 'step', step: 1 });
    expect(afterEmergencyAdvice(true)).toEqual({ kind: 'results' });
    expect(continueLabel(false)).toBe('Continue to the questions');
    expect(continueLabel(true)).toBe('Back to your results');
  });

  it('passes the ticked and the "not sure" signs to the care card together, in the engine order, once each', () => {
    expect(careSigns(null, [])).toEqual([]);
    expect(careSigns([], [])).toEqual([]);
    expect(careSigns(['hot-red-swollen'], ['stroke-heart', 'hot-red-swollen'])).toEqual([
      'stroke-heart',
      'hot-red-swollen',
    ]);
    const reversed = [...EMERGENCY_SIGN_IDS].reverse();
    expect(careSigns(reversed.slice(0, 6), reversed.slice(6))).toEqual(EMERGENCY_SIGN_IDS);
  });

  it('makes the care card what it is for the ticked sign whether the sign is ticked or "not sure"', () => {
    expect(careAdvice(emptyAnswers(), careSigns(null, [])).level).toBe(
      careAdvice(emptyAnswers()).level,
    );
    for (const id of EMERGENCY_SIGN_IDS) {
      const ticked = careAdvice(emptyAnswers(), careSigns([id], []));
      const unsure = careAdvice(emptyAnswers(), careSigns(null, [id]));
      expect(unsure).toEqual(ticked);
      expect(unsure.level).toBe('emergency');
    }
  });
});
