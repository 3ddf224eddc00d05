import { deepFreeze } from './freeze';
import {
  type AgeRange,
  type Answers,
  type Duration,
  HOLLOW_AT_THUMB_BASE,
  type OnsetType,
  type PainIntensity,
} from './options';

/*
 * Red-flag rules behind the care card shown before the results. Each rule is data: an id,
 * the level it raises the card to, the reason shown to the visitor, its source, and a
 * predicate over the answers. The levels follow the NHS care-card pattern:
 * "Immediate action required" (A&E / 999), "Urgent advice" (111 / urgent GP) and
 * "Non-urgent advice" (see a GP).
 *
 * Deliberately conservative: an unanswered duration counts as recent, and the rules only use
 * structured answers, never the free text, so the same answers always give the same card.
 */

export type CareLevel = 'emergency' | 'urgent' | 'routine';

export interface CareRule {
  readonly id: string;
  readonly level: CareLevel;
  /** Why the card was raised, in words a visitor understands. */
  readonly reason: string;
  /** The guidance the rule is taken from. */
  readonly source: string;
  readonly applies: (answers: Answers) => boolean;
}

const NHS_BROKEN_FINGER =
  'NHS: Broken finger or thumb — https://www.nhs.uk/conditions/broken-finger/';
const NHS_BROKEN_ARM =
  'NHS: Broken arm or wrist — https://www.nhs.uk/conditions/broken-arm-or-wrist/';
const NHS_HAND_PAIN = 'NHS: Hand pain — https://www.nhs.uk/conditions/hand-pain/';
const NHS_111 = 'NHS 111 guidance — https://111.nhs.uk/';

// Option labels the rules test for, typed so that a misspelling fails to compile.
const AFTER_INJURY: OnsetType = 'After injury/trauma';
const SUDDEN: OnsetType = 'Sudden onset';
const SEVERE: PainIntensity = 'Severe (7-10/10)';
const CHILD: AgeRange = 'Under 18';

/** Any injury in the story: a past injury to the area, or symptoms that began with one. */
export function injured(a: Answers): boolean {
  return a.previousInjury || a.onsetType === AFTER_INJURY;
}

/** The symptoms began at the moment of an injury. */
export function acuteInjury(a: Answers): boolean {
  return a.onsetType === AFTER_INJURY || (a.previousInjury && a.onsetType === SUDDEN);
}

// Labels typed as durations so a misspelling fails to compile, then widened for lookups.
function durations(...labels: Array<'' | Duration>): readonly string[] {
  return labels;
}

// Fractures and tendon injuries are still treated as acute for the first few weeks; an
// unanswered duration is treated as recent so that a missing answer never lowers the level.
const RECENT_DURATIONS = durations('', 'Less than 1 week', '1-4 weeks');
const VERY_RECENT_DURATIONS = durations('', 'Less than 1 week');
const LONG_DURATIONS = durations('1-3 months', '3-6 months', 'More than 6 months');

export function recent(a: Answers): boolean {
  return RECENT_DURATIONS.includes(a.duration);
}

function severe(a: Answers): boolean {
  return a.painIntensity === SEVERE;
}

function suddenWithoutInjury(a: Answers): boolean {
  return a.onsetType === SUDDEN && !injured(a);
}

export const CARE_RULES: readonly CareRule[] = deepFreeze([
  // --- Immediate action required -------------------------------------------------------
  {
    // NHS: after an injury, a finger "pointing at an odd angle" or a wrist that is "an odd
    // shape" means A&E.
    id: 'injury-deformity',
    level: 'emergency',
    reason:
      'Your hand, wrist or finger has changed shape since a recent injury, which can mean a broken or dislocated bone.',
    source: `${NHS_BROKEN_FINGER}; ${NHS_BROKEN_ARM}`,
    applies: (a) => acuteInjury(a) && recent(a) && a.deformity,
  },
  {
    // NHS: after an injury, a finger that "looks blue or feels numb" means A&E: its blood
    // supply or nerve may be damaged.
    id: 'injury-circulation',
    level: 'emergency',
    reason:
      'Colour changes with numbness or coldness after a recent injury can mean the blood supply or a nerve has been damaged.',
    source: NHS_BROKEN_FINGER,
    applies: (a) => injured(a) && recent(a) && a.colorChanges && (a.numbness || a.coldSensitivity),
  },
  // --- Urgent advice ---------------------------------------------------------------------
  {
    // Decided: urgent, not emergency. The NHS sends a painful, swollen injured finger to 111
    // or an urgent treatment centre and keeps A&E for an odd angle, a blue or numb finger or
    // bone through the skin, which the emergency rules above already catch. Severe pain alone
    // still needs a same-day X-ray, which 111 or urgent care arrange.
    id: 'injury-severe-pain',
    level: 'urgent',
    reason:
      'Severe pain after a recent injury can mean a broken bone, which needs checking (usually with an X-ray) today.',
    source: `${NHS_BROKEN_FINGER}; ${NHS_BROKEN_ARM}`,
    applies: (a) => injured(a) && recent(a) && severe(a),
  },
  {
    // NHS lists tingling and numbness among the signs of a broken arm or wrist; weakness after
    // an injury can mean a torn tendon, which is best repaired within days.
    id: 'injury-nerve-or-tendon',
    level: 'urgent',
    reason:
      'Numbness or weakness after a recent injury can mean a nerve or tendon has been hurt; these do best when treated early.',
    source: `${NHS_BROKEN_ARM}; ${NHS_111}`,
    applies: (a) => injured(a) && recent(a) && (a.numbness || a.weakness),
  },
  {
    // A scaphoid fracture hurts in the hollow at the base of the thumb, is often missed on
    // the first X-ray and can fail to heal if not immobilised early.
    id: 'suspected-scaphoid',
    level: 'urgent',
    reason:
      'Pain in the hollow at the base of the thumb after an injury can be a scaphoid (wrist bone) fracture, which is easily missed and needs prompt assessment even if you can still move your wrist.',
    source: `${NHS_BROKEN_ARM}; British Society for Surgery of the Hand patient information — https://www.bssh.ac.uk/patients/`,
    applies: (a) => injured(a) && recent(a) && a.painLocation.includes(HOLLOW_AT_THUMB_BASE),
  },
  {
    // NHS: after an injury, a finger or thumb that is "painful, swollen and bruised" or
    // "stiff or difficult to move" needs help from 111.
    id: 'injury-swelling-or-stiffness',
    level: 'urgent',
    reason:
      'Swelling or stiffness after a recent injury can mean a break, dislocation or bad sprain that may need an X-ray.',
    source: NHS_BROKEN_FINGER,
    applies: (a) => injured(a) && recent(a) && (a.swelling || a.stiffness),
  },
  {
    // Colour change with cold sensitivity that starts suddenly (rather than the long-standing
    // pattern of Raynaud's) can mean reduced blood flow, which needs same-day assessment.
    id: 'sudden-circulation',
    level: 'urgent',
    reason:
      'Colour changes with sensitivity to cold that came on suddenly can mean a problem with the blood flow to your hand.',
    source: `NHS: Raynaud's — https://www.nhs.uk/conditions/raynauds/; ${NHS_111}`,
    applies: (a) => a.onsetType === SUDDEN && a.colorChanges && a.coldSensitivity,
  },
  {
    // NICE advises assessing sudden-onset one-sided numbness as a possible stroke or TIA; the
    // NHS stroke page lists arm weakness or numbness. Urgent rather than emergency because a
    // trapped nerve is the likelier cause in a hand checker, with the 999 signs spelled out.
    id: 'sudden-nerve-symptoms',
    level: 'urgent',
    reason:
      'Numbness or weakness that came on suddenly without an injury should be checked today. Call 999 (UK) or 911 (US) instead if it started in the last few hours or comes with a drooping face, weakness down one side of the body or slurred speech.',
    source:
      'NHS: Stroke symptoms — https://www.nhs.uk/conditions/stroke/symptoms/; NICE NG127 Suspected neurological conditions — https://www.nice.org.uk/guidance/ng127',
    applies: (a) =>
      suddenWithoutInjury(a) &&
      (a.numbness || a.weakness) &&
      VERY_RECENT_DURATIONS.includes(a.duration),
  },
  {
    // Sudden severe pain and swelling with no injury may be an infection (which in the hand
    // can spread along tendon sheaths within hours), gout or a tendon problem.
    id: 'sudden-severe-swelling',
    level: 'urgent',
    reason:
      'Sudden severe pain with swelling and no injury can be caused by an infection, gout or a tendon problem, which need prompt treatment.',
    source: `${NHS_HAND_PAIN}; ${NHS_111}`,
    applies: (a) => suddenWithoutInjury(a) && severe(a) && a.swelling && recent(a),
  },
  // --- Non-urgent advice -----------------------------------------------------------------
  {
    // NHS: see a GP if hand or wrist pain has not improved after 2 weeks of home treatment.
    id: 'persistent-symptoms',
    level: 'routine',
    reason: 'Your symptoms have lasted more than a month.',
    source: NHS_HAND_PAIN,
    applies: (a) => LONG_DURATIONS.includes(a.duration),
  },
  {
    // NHS: see a GP if the pain is stopping you doing normal activities.
    id: 'daily-activities',
    level: 'routine',
    reason:
      'Your symptoms are making everyday tasks such as gripping, pinching, writing or typing harder.',
    source: NHS_HAND_PAIN,
    applies: (a) =>
      a.gripDifficulty || a.pinchDifficulty || a.writingDifficulty || a.keyboardDifficulty,
  },
  {
    // NHS: see a GP about tingling or loss of feeling in the hand, especially if it returns.
    id: 'pins-and-needles',
    level: 'routine',
    reason:
      'Tingling or loss of feeling in the hand or fingers is worth checking, especially if it keeps coming back.',
    source: NHS_HAND_PAIN,
    applies: (a) => a.numbness || a.tingling,
  },
  {
    // An older injury that still causes symptoms may need imaging or a hand therapist.
    id: 'unsettled-injury',
    level: 'routine',
    reason: 'Symptoms that have not settled weeks after an injury should be checked.',
    source: NHS_HAND_PAIN,
    applies: (a) => injured(a) && !recent(a),
  },
  {
    // NHS: see a GP about a lump that is growing, painful or has been there over 2 weeks.
    id: 'lump',
    level: 'routine',
    reason:
      'A lump or change in shape should be checked, particularly if it is growing, painful or changing.',
    source: 'NHS: Lumps — https://www.nhs.uk/conditions/lumps/',
    applies: (a) => a.swelling && a.deformity,
  },
  {
    // The product is for adults (spec section 1); children's hand problems differ.
    id: 'under-18',
    level: 'routine',
    reason:
      "This checker is designed for adults; a child's symptoms should be checked by a GP or pharmacist.",
    source: 'HandCheck specification, section 1 (the tool is for adults, not children)',
    applies: (a) => a.age === CHILD,
  },
] satisfies CareRule[]);
