import type { EmergencySignId } from '@handcheck/diagnosis';
import type { CheckerView } from './checkerView';

/** The emergency check's answer as its three states. */
export type EmergencyCheckAnswer = 'unanswered' | 'none' | 'signs';

export function emergencyCheckAnswer(
  signs: readonly EmergencySignId[] | null,
): EmergencyCheckAnswer {
  if (signs === null) return 'unanswered';
  return signs.length > 0 ? 'signs' : 'none';
}

/**
 * Where the check's Continue leads: any sign to the emergency advice at once; "None of these"
 * on to step 1 (or back to the results when the check was asked again from them); nowhere
 * while unanswered, since "none" must be said, not assumed.
 */
export function afterEmergencyCheck(
  signs: readonly EmergencySignId[] | null,
  hasResult: boolean,
): CheckerView | null {
  switch (emergencyCheckAnswer(signs)) {
    case 'unanswered':
      return null;
    case 'signs':
      return { kind: 'emergency-advice' };
    case 'none':
      return afterEmergencyAdvice(hasResult);
  }
}

/** The advice's "continue": the questions, or the results the visitor came from. */
export function afterEmergencyAdvice(hasResult: boolean): CheckerView {
  return hasResult ? { kind: 'results' } : { kind: 'step', step: 1 };
}

export const continueLabel = (hasResult: boolean) =>
  hasResult ? 'Back to your results' : 'Continue to the questions';

/** The signs the care card takes: none until the check is answered. */
export const careSigns = (signs: readonly EmergencySignId[] | null): readonly EmergencySignId[] =>
  signs ?? [];
