import { EMERGENCY_SIGN_IDS, type EmergencySignId } from '@handcheck/diagnosis';
import type { CheckerView } from './checkerView';

/** The emergency check's answer as its three states. */
export type EmergencyCheckAnswer = 'unanswered' | 'none' | 'signs';

/**
 * `signs` are the signs ticked (null until answered, [] for "None of these"); `unsure` the
 * signs with "I'm not sure" ticked beside them. An unsure sign is an answer in its own right,
 * so it alone takes the check out of "unanswered".
 */
export function emergencyCheckAnswer(
  signs: readonly EmergencySignId[] | null,
  unsure: readonly EmergencySignId[],
): EmergencyCheckAnswer {
  if (careSigns(signs, unsure).length > 0) return 'signs';
  return signs === null ? 'unanswered' : 'none';
}

/**
 * Where the check's Continue leads: any sign (or "I'm not sure" beside one) to the emergency
 * advice at once; "None of these" on to step 1 (or back to the results when the check was
 * asked again from them); nowhere while unanswered, since "none" must be said, not assumed.
 */
export function afterEmergencyCheck(
  signs: readonly EmergencySignId[] | null,
  unsure: readonly EmergencySignId[],
  hasResult: boolean,
): CheckerView | null {
  switch (emergencyCheckAnswer(signs, unsure)) {
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

/**
 * The signs the care card and the emergency advice take: those ticked and those the visitor
 * was not sure of, which count the same (when in doubt, the safe answer is to get help). In
 * the engine's order, each once; none until the check is answered.
 */
export function careSigns(
  signs: readonly EmergencySignId[] | null,
  unsure: readonly EmergencySignId[],
): readonly EmergencySignId[] {
  return EMERGENCY_SIGN_IDS.filter((id) => (signs ?? []).includes(id) || unsure.includes(id));
}
