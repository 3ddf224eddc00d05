import { careAdvice, emptyAnswers } from '@handcheck/diagnosis';
import {
  afterEmergencyAdvice,
  afterEmergencyCheck,
  careSigns,
  continueLabel,
  emergencyCheckAnswer,
} from './emergencyCheck';

describe('emergency check view logic', () => {
  it('tells unanswered, "None of these" and signs apart', () => {
    expect(emergencyCheckAnswer(null)).toBe('unanswered');
    expect(emergencyCheckAnswer([])).toBe('none');
    expect(emergencyCheckAnswer(['heavy-bleeding'])).toBe('signs');
  });

  it('goes nowhere until answered: "none" must be said, not assumed', () => {
    expect(afterEmergencyCheck(null, false)).toBeNull();
    expect(afterEmergencyCheck(null, true)).toBeNull();
  });

  it('shows the emergency advice at once for any sign, before any question or result', () => {
    expect(afterEmergencyCheck(['cold-pale-blue'], false)).toEqual({ kind: 'emergency-advice' });
    expect(afterEmergencyCheck(['stroke-heart'], true)).toEqual({ kind: 'emergency-advice' });
  });

  it('"None of these" goes on to step 1, or back to the results it was asked again from', () => {
    expect(afterEmergencyCheck([], false)).toEqual({ kind: 'step', step: 1 });
    expect(afterEmergencyCheck([], true)).toEqual({ kind: 'results' });
    expect(afterEmergencyAdvice(false)).toEqual({ kind: 'step', step: 1 });
    expect(afterEmergencyAdvice(true)).toEqual({ kind: 'results' });
    expect(continueLabel(false)).toBe('Continue to the questions');
    expect(continueLabel(true)).toBe('Back to your results');
  });

  it('passes the chosen signs to the care card, which is then an emergency', () => {
    expect(careSigns(null)).toEqual([]);
    expect(careAdvice(emptyAnswers(), careSigns(null)).level).toBe('routine');
    expect(careAdvice(emptyAnswers(), careSigns([])).level).toBe('routine');
    expect(careAdvice(emptyAnswers(), careSigns(['bite-puncture-injection'])).level).toBe(
      'emergency',
    );
  });
});
