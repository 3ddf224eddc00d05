import { CARE_CARDS, SAFETY_NET } from './care-advice';
import { CARE_RULES } from './care-rules';
import { CONDITIONS } from './conditions';
import { EMERGENCY_SIGNS } from './emergency-signs';

export interface CareText {
  /** Where the text is shown, for a failing check's message. */
  readonly where: string;
  readonly text: string;
}

/**
 * Every text of the care layer a visitor reads: each card's title and actions, each rule's
 * reason, the safety net, the emergency check's signs and the condition descriptions. One list
 * so that readability and content-hash checks cannot miss a text added later.
 */
export function careTexts(): CareText[] {
  return [
    ...Object.entries(CARE_CARDS).flatMap(([id, card]) => [
      { where: `care card ${id}: title`, text: card.title },
      { where: `care card ${id}: action`, text: card.action },
      { where: `care card ${id}: UK action`, text: card.actions.uk },
      { where: `care card ${id}: US action`, text: card.actions.us },
    ]),
    ...CARE_RULES.map((rule) => ({ where: `care rule ${rule.id}: reason`, text: rule.reason })),
    { where: 'care safety net', text: SAFETY_NET },
    ...EMERGENCY_SIGNS.flatMap((sign) => [
      { where: `emergency sign ${sign.id}: label`, text: sign.label },
      { where: `emergency sign ${sign.id}: reason`, text: sign.reason },
    ]),
    ...CONDITIONS.map((condition) => ({
      where: `condition ${condition.name}: description`,
      text: condition.description,
    })),
  ];
}
