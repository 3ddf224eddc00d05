import { CARE_RULES, type CareLevel } from './care-rules';
import { EMERGENCY_SIGNS, type EmergencySignId } from './emergency-signs';
import { deepFreeze } from './freeze';
import { normalizeAnswers } from './normalize';
import { type Answers } from './options';

export type CareTone = 'red' | 'orange' | 'blue';

export interface CareAdvice {
  level: CareLevel;
  /** Colour of the card: red for immediate action, orange for urgent, blue for non-urgent. */
  tone: CareTone;
  title: string;
  /** What to do now. */
  action: string;
  /** The reasons of the rules that set this level, in rule order (may be empty for routine). */
  reasons: string[];
  /**
   * Ids of those rules, so a card can be traced back to the rule table; an emergency sign
   * chosen in the emergency check appears as `sign:<id>`.
   */
  ruleIds: string[];
  /** Always shown: the signs that need 999 / 911 whatever the answers say. */
  safetyNet: string;
}

interface CareLevelText {
  readonly tone: CareTone;
  readonly title: string;
  readonly action: string;
}

export const CARE_LEVELS: Readonly<Record<CareLevel, CareLevelText>> = deepFreeze({
  emergency: {
    tone: 'red',
    title: 'Immediate action required',
    action: 'Go to A&E or call 999 (UK) / go to the ER or call 911 (US)',
  },
  urgent: {
    tone: 'orange',
    title: 'Urgent advice',
    action: 'Get help from 111 or an urgent GP appointment / urgent care today',
  },
  routine: {
    tone: 'blue',
    title: 'Non-urgent advice',
    action:
      'See a GP (UK) or your doctor (US) if your symptoms have not improved after 2 weeks of rest and simple painkillers, keep coming back or stop you doing everyday things; a pharmacist can advise in the meantime.',
  },
});

// Stroke and heart attack can both show in the arm; these signs always mean 999 / 911.
// Sources: NHS: Stroke symptoms — https://www.nhs.uk/conditions/stroke/symptoms/ ;
// NHS: Heart attack — https://www.nhs.uk/conditions/heart-attack/
export const SAFETY_NET =
  'Call 999 (UK) or 911 (US) straight away if you suddenly get weakness or numbness down one side of your body, a drooping face or slurred speech, or chest pain that spreads to your arm.';

const SEVERITY: readonly CareLevel[] = ['emergency', 'urgent', 'routine'];

/**
 * The care card for a set of answers and the emergency signs chosen before the questions:
 * the most serious level any rule reaches, with that level's reasons. Any emergency sign makes
 * the card an emergency, its reasons first. Answers with no red flag get the non-urgent card.
 */
export function careAdvice(
  input: Answers,
  emergencySigns: readonly EmergencySignId[] = [],
): CareAdvice {
  const answers = normalizeAnswers(input);
  // In list order, each once, and only known ids: the signs may come from page state.
  const signs = EMERGENCY_SIGNS.filter((sign) => emergencySigns.includes(sign.id));
  const triggered = CARE_RULES.filter((rule) => rule.applies(answers));
  const level = SEVERITY.find((candidate) => triggered.some((rule) => rule.level === candidate));
  const chosen = signs.length > 0 ? 'emergency' : (level ?? 'routine');
  const atLevel = triggered.filter((rule) => rule.level === chosen);
  return {
    level: chosen,
    ...CARE_LEVELS[chosen],
    reasons: [...signs.map((sign) => sign.reason), ...atLevel.map((rule) => rule.reason)],
    ruleIds: [...signs.map((sign) => `sign:${sign.id}`), ...atLevel.map((rule) => rule.id)],
    safetyNet: SAFETY_NET,
  };
}
