import { EMERGENCY_SIGNS, type Answers, type EmergencySignId } from '@handcheck/diagnosis';
import { FLAG_LABELS, STEP_DEFINITIONS } from '../questionnaire/stepDefinitions';

export interface SummaryLine {
  label: string;
  value: string;
}

const NOT_ANSWERED = 'Not answered';

/** The answers as short label/value lines for the printed summary, in questionnaire order. */
export function summariseAnswers(answers: Answers): SummaryLine[] {
  const lines: SummaryLine[] = [];
  for (const step of STEP_DEFINITIONS) {
    for (const question of step.questions) {
      switch (question.kind) {
        case 'locations':
          lines.push({
            label: 'Pain location',
            value: answers.painLocation.join(', ') || NOT_ANSWERED,
          });
          break;
        case 'choice':
          lines.push({ label: question.legend, value: answers[question.field] || NOT_ANSWERED });
          break;
        case 'flags': {
          const chosen = question.flags
            .filter((flag) => answers[flag])
            .map((flag) => FLAG_LABELS[flag]);
          lines.push({ label: question.legend, value: chosen.join('; ') || 'None' });
          break;
        }
        case 'text':
          if (answers.additionalInfo.trim())
            lines.push({ label: 'Additional information', value: answers.additionalInfo.trim() });
          break;
      }
    }
  }
  return lines;
}

export const EMERGENCY_CHECK_LABEL = 'Emergency signs now or today';
export const NOT_SURE_MARK = '(not sure)';

/**
 * The emergency check's answer as a line of the printed summary: its signs in the engine's
 * order, those the visitor was not sure of marked so, or "None of these", or not answered.
 */
export function summariseEmergencyCheck(
  signs: readonly EmergencySignId[] | null,
  unsure: readonly EmergencySignId[],
): SummaryLine {
  const chosen = EMERGENCY_SIGNS.filter(
    (sign) => signs?.includes(sign.id) || unsure.includes(sign.id),
  );
  if (chosen.length > 0)
    return {
      label: EMERGENCY_CHECK_LABEL,
      value: chosen
        .map((sign) => (signs?.includes(sign.id) ? sign.label : `${sign.label} ${NOT_SURE_MARK}`))
        .join('; '),
    };
  return { label: EMERGENCY_CHECK_LABEL, value: signs === null ? NOT_ANSWERED : 'None of these' };
}

/** Date line of the printed summary, e.g. "22 November 2025". */
export function formatPrintDate(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
}
