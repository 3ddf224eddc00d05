import { CARE_RULES, type CareCardId, type CareLevel } from './care-rules';
import { EMERGENCY_SIGNS, type EmergencySignId } from './emergency-signs';
import { deepFreeze } from './freeze';
import { normalizeAnswers } from './normalize';
import { type Answers } from './options';

export type CareTone = 'red' | 'orange' | 'blue';

export interface CareAdvice {
  level: CareLevel;
  /**
   * Which card of the level, as they read differently: a 999 / 911 call (stroke or heart
   * attack signs), an urgent injury (X-ray and splint today), a GP within 2 weeks.
   */
  card: CareCardId;
  /** Colour of the card: red for immediate action, orange for urgent, blue for non-urgent. */
  tone: CareTone;
  title: string;
  /** What to do now, UK and US wording together. */
  action: string;
  /** The same advice for each country, to show side by side. */
  actions: CareActions;
  /**
   * The reasons of the signs and rules that set this level, in order, then those shown at every
   * level (the advice for children); may be empty for routine.
   */
  reasons: string[];
  /**
   * Ids of those rules, so a card can be traced back to the rule table; an emergency sign
   * chosen in the emergency check appears as `sign:<id>`.
   */
  ruleIds: string[];
  /** Always shown: the signs that need A&E or 999 / 911 whatever the answers say. */
  safetyNet: string;
}

export interface CareActions {
  readonly uk: string;
  readonly us: string;
}

export interface CareCardText {
  readonly level: CareLevel;
  readonly tone: CareTone;
  readonly title: string;
  readonly action: string;
  readonly actions: CareActions;
}

/*
 * The cards. Emergency call: signs of a stroke or heart attack, where an ambulance is faster
 * than a trip to A&E (NHS: call 999 straight away). Emergency: A&E first, 999 only when life-threatening or you cannot get there
 * (NHS: "When to go to A&E"); in the US the emergency room, and an urgent care clinic is not
 * one. Urgent injury: a suspected break or torn tendon needs a same-day X-ray and splint,
 * which urgent treatment centres and minor injuries units (UK) and urgent care (US) give
 * without a wait at A&E. Prompt: NICE CKS and NG12 timescales, a GP within 2 weeks.
 */
export const CARE_CARDS: Readonly<Record<CareCardId, CareCardText>> = deepFreeze({
  'emergency-call': {
    level: 'emergency',
    tone: 'red',
    title: 'Emergency: call 999 or 911 now',
    action:
      'Call 999 (UK) or 911 (US) now. Do not drive yourself to A&E or the emergency room: an ambulance can start treatment on the way.',
    actions: {
      uk: 'Call 999 now. Do not drive yourself to A&E: an ambulance can start treatment on the way.',
      us: 'Call 911 now. Do not drive yourself to the emergency room: an ambulance can start treatment on the way.',
    },
  },
  emergency: {
    level: 'emergency',
    tone: 'red',
    title: 'Emergency: get help now',
    action:
      'Go to A&E now (UK) or the emergency room (US). Call 999 (UK) or 911 (US) if it is life-threatening or you cannot get there safely. In the US, an urgent care clinic is not an emergency room.',
    actions: {
      uk: 'Go to A&E now. Call 999 if it is life-threatening or you cannot get there safely.',
      us: 'Go to the emergency room (ER) now. Call 911 if it is life-threatening or you cannot get there safely. An urgent care clinic is not an emergency room.',
    },
  },
  'urgent-injury': {
    level: 'urgent',
    tone: 'orange',
    title: 'Urgent: get help today',
    action:
      'Get it checked today at an urgent treatment centre or minor injuries unit (UK), or an urgent care clinic (US). They can X-ray it and fit a splint. If you cannot get there, call 111 (UK) or your doctor (US).',
    actions: {
      uk: 'Go to an urgent treatment centre or minor injuries unit today. They can X-ray it and fit a splint. If you cannot get there, call 111.',
      us: 'Go to an urgent care clinic today. They can X-ray it and fit a splint. If you cannot get there, call your doctor.',
    },
  },
  urgent: {
    level: 'urgent',
    tone: 'orange',
    title: 'Urgent: get help today',
    action:
      'Get help today. Call 111 or ask your GP for an urgent appointment (UK). See your doctor or go to an urgent care clinic (US).',
    actions: {
      uk: 'Get help today. Call 111, or ask your GP for an urgent appointment.',
      us: 'Get help today. See your doctor or go to an urgent care clinic.',
    },
  },
  prompt: {
    level: 'routine',
    tone: 'blue',
    title: 'See a GP soon',
    action:
      'See a GP (UK) or your doctor (US) within 2 weeks. Do not wait to see if it gets better.',
    actions: {
      uk: 'Book a GP appointment within 2 weeks. Do not wait to see if it gets better.',
      us: 'See your doctor within 2 weeks. Do not wait to see if it gets better.',
    },
  },
  routine: {
    level: 'routine',
    tone: 'blue',
    title: 'Non-urgent advice',
    action:
      'See a GP (UK) or your doctor (US) if your symptoms have not got better after 2 weeks of rest and simple painkillers. See them too if the symptoms keep coming back or stop you doing everyday things. A pharmacist can give advice in the meantime.',
    actions: {
      uk: 'See a GP if your symptoms have not got better after 2 weeks of rest and simple painkillers, or keep coming back. A pharmacist can give advice in the meantime.',
      us: 'See your doctor if your symptoms have not got better after 2 weeks of rest and simple painkillers, or keep coming back. A pharmacist can give advice in the meantime.',
    },
  },
});

type CareLevelText = Pick<CareCardText, 'tone' | 'title' | 'action' | 'actions'>;

function levelText(card: CareCardId): CareLevelText {
  const { tone, title, action, actions } = CARE_CARDS[card];
  return { tone, title, action, actions };
}

/** The usual card of each level (an urgent or routine rule may ask for its other card). */
export const CARE_LEVELS: Readonly<Record<CareLevel, CareLevelText>> = deepFreeze({
  emergency: levelText('emergency'),
  urgent: levelText('urgent'),
  routine: levelText('routine'),
});

// Shown on every results page whatever the answers: the NHS's 999 and A&E lines that the
// questions cannot ask, so that someone who skipped the emergency check or whose hand changes
// later still knows where to go. Sources: the care table (docs/clinical-safety/care-table.md).
export const SAFETY_NET =
  'Call 999 (UK) or 911 (US) now for sudden weakness or numbness in an arm or one side, a drooping face or slurred speech. Call for chest or arm pain with sweating, sickness or breathlessness. Call for heavy bleeding, or severe pain that gets worse after a crush or in a cast. Go to A&E (UK) or the emergency room (US) now if a hand or finger turns cold, pale or blue. Go if it is out of shape, numb or tingly after an injury. Go for a hot, red, swollen hand with a fever, a bite, a puncture wound, a deep cut or a high-pressure gun injury.';

const SEVERITY: readonly CareLevel[] = ['emergency', 'urgent', 'routine'];

// Within a level: a 999 call over A&E, a GP within 2 weeks over "after 2 weeks of rest". At the
// urgent level the general card wins over the injury card when both are asked for, so that an
// infection is never sent for "an X-ray and a splint": the action follows every reason shown.
const CARD_ORDER: readonly CareCardId[] = [
  'emergency-call',
  'emergency',
  'urgent',
  'urgent-injury',
  'prompt',
  'routine',
];

/**
 * The care card for a set of answers and the emergency signs chosen before the questions:
 * the most serious level any rule reaches, with that level's reasons. Any emergency sign makes
 * the card an emergency, its reasons first (signs of a stroke or heart attack make it a 999 / 911
 * call). Answers with no red flag get the non-urgent card.
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
  const atLevel = triggered.filter((rule) => rule.level === chosen || rule.always);
  const asked = [
    ...signs.map((sign) => (sign.call ? 'emergency-call' : 'emergency')),
    ...atLevel.map((rule) => rule.card),
  ];
  const card = CARD_ORDER.find((id) => asked.includes(id)) ?? chosen;
  return {
    level: chosen,
    card,
    ...levelText(card),
    reasons: [...signs.map((sign) => sign.reason), ...atLevel.map((rule) => rule.reason)],
    ruleIds: [...signs.map((sign) => `sign:${sign.id}`), ...atLevel.map((rule) => rule.id)],
    safetyNet: SAFETY_NET,
  };
}
