/*
 * Red-flag rules behind the care card shown before the results. Each rule is data: an id,
 * the level it raises the card to, the card it asks for, the reason shown to the visitor, its
 * source, and a predicate over the answers. The levels follow the NHS care-card pattern:
 * "Emergency: get help now" (A&E), "Urgent: get help today" and "Non-urgent advice" (see a
 * GP). The NHS titles ("Immediate action required", "Urgent advice") read above US grade 9. Two levels have a second card: an urgent injury goes to an urgent treatment
 * centre or minor injuries unit, which can X-ray and splint the same day; and some non-urgent
 * signs need a GP within 2 weeks rather than after 2 weeks of rest (see care-advice.ts).
 *
 * Deliberately conservative: an unanswered duration counts as recent, an unanswered onset
 * after a past injury counts as the injury, and the rules only use structured answers, never
 * the free text, so the same answers always give the same card. The emergency check asked
 * before the questions (emergency-signs.ts) covers what the answers cannot say: a wound, a
 * fever, a hand that is cold to the touch.
 *
 * The hazard log (docs/clinical-safety/hazard-log.md) names the vignettes that prove each rule.
 */
import { deepFreeze } from './freeze';
import {
  type AgeRange,
  type Answers,
  type Duration,
  HOLLOW_AT_THUMB_BASE,
  type OnsetType,
  type PainIntensity,
} from './options';

export type CareLevel = 'emergency' | 'urgent' | 'routine';

/**
 * Which card a rule asks for within its level: `urgent-injury` sends a suspected break or
 * tendon injury where it can be X-rayed and splinted; `prompt` asks for a GP within 2 weeks;
 * `emergency-call` (signs of a stroke or heart attack) is a 999 / 911 call, not a trip to A&E.
 */
export type CareCardId =
  'emergency-call' | 'emergency' | 'urgent-injury' | 'urgent' | 'prompt' | 'routine';

export interface CareRule {
  readonly id: string;
  readonly level: CareLevel;
  readonly card: CareCardId;
  /** Why the card was raised, in words a visitor understands. */
  readonly reason: string;
  /** The guidance the rule is taken from. */
  readonly source: string;
  /** Shown whatever the card's level (advice that must never be hidden by a higher level). */
  readonly always?: true;
  readonly applies: (answers: Answers) => boolean;
}

const NHS_BROKEN_FINGER =
  'NHS: Broken finger or thumb — https://www.nhs.uk/conditions/broken-finger/';
const NHS_BROKEN_ARM =
  'NHS: Broken arm or wrist — https://www.nhs.uk/conditions/broken-arm-or-wrist/';
const NHS_HAND_PAIN = 'NHS: Hand pain — https://www.nhs.uk/conditions/hand-pain/';
const NHS_111 = 'NHS 111 guidance — https://111.nhs.uk/';
const NHS_LUMPS = 'NHS: Lumps — https://www.nhs.uk/conditions/lumps/';
const NICE_NG12 =
  'NICE NG12 Suspected cancer: recognition and referral, 1.11 sarcoma — https://www.nice.org.uk/guidance/ng12';
const NICE_CKS_CTS =
  'NICE CKS Carpal tunnel syndrome (refer if there is weakness or muscle wasting) — https://cks.nice.org.uk/topics/carpal-tunnel-syndrome/';

// Option labels the rules test for, typed so that a misspelling fails to compile.
const AFTER_INJURY: OnsetType = 'After injury/trauma';
const SUDDEN: OnsetType = 'Sudden onset';
const SEVERE: PainIntensity = 'Severe (7-10/10)';
const CHILD: AgeRange = 'Under 18';

/**
 * The symptoms began with an injury: the visitor said so, or has injured the area before and
 * the symptoms came on suddenly (or they did not say how). A past injury with symptoms that
 * came on gradually or after repetitive use is not an injury story: "I have injured this hand
 * before" may mean years ago.
 */
export function injured(a: Answers): boolean {
  return a.onsetType === AFTER_INJURY || (a.previousInjury && ['', SUDDEN].includes(a.onsetType));
}

/** Any injury in the story, however long ago: for symptoms that have not settled. */
export function anyInjury(a: Answers): boolean {
  return a.previousInjury || a.onsetType === AFTER_INJURY;
}

/** Kept for callers of the old name: the symptoms began with an injury. */
export const acuteInjury = injured;

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

/** In the last week, or unanswered: still the time for A&E rather than a clinic. */
export function veryRecent(a: Answers): boolean {
  return VERY_RECENT_DURATIONS.includes(a.duration);
}

function severe(a: Answers): boolean {
  return a.painIntensity === SEVERE;
}

function suddenWithoutInjury(a: Answers): boolean {
  return a.onsetType === SUDDEN && !injured(a);
}

function recentInjury(a: Answers): boolean {
  return injured(a) && recent(a);
}

/** A lump: the "visible lump, bend or change in shape" question together with swelling. */
function lump(a: Answers): boolean {
  return a.deformity && a.swelling;
}

export const CARE_RULES: readonly CareRule[] = deepFreeze([
  // --- Emergency: get help now ---------------------------------------------------------
  {
    // NHS: after an injury, a finger that "looks blue or feels numb" means A&E: its blood
    // supply or nerve may be damaged. Either sign alone is enough. After the first week the
    // same signs go to a clinic the same day (injury-nerve-or-tendon).
    id: 'injury-circulation',
    level: 'emergency',
    card: 'emergency',
    reason:
      'After an injury, a finger or hand that has changed colour (such as blue or pale) or feels numb may have a damaged blood vessel or nerve. This needs A&E now.',
    source: NHS_BROKEN_FINGER,
    applies: (a) => injured(a) && veryRecent(a) && (a.colorChanges || a.numbness),
  },
  {
    // A hand or finger that suddenly turns white, pale or blue may have lost its blood supply
    // (a clot or a blocked artery); it is an emergency, as the results disclaimer says. The
    // answers cannot say "cold to the touch" ("Sensitivity to cold" is not that), so the
    // colour change that started suddenly this week is enough; the emergency check asks
    // about a cold, pale hand directly.
    id: 'sudden-circulation',
    level: 'emergency',
    card: 'emergency',
    reason:
      'A change in skin colour that came on suddenly in the last few days can mean the hand is not getting enough blood. If a hand or finger is cold, pale, white or blue, go to A&E now.',
    source: `${NHS_111}; NHS: Peripheral arterial disease — https://www.nhs.uk/conditions/peripheral-arterial-disease-pad/`,
    applies: (a) => a.onsetType === SUDDEN && a.colorChanges && veryRecent(a) && !injured(a),
  },
  {
    // The site's advice to parents (web/src/content/site.ts, PARENT_ADVICE, and the FAQ "Can I
    // use HandCheck for my child?") takes an injured child to A&E / the emergency room: a
    // child's growth plates can break where an adult's bone would only bruise. The care card
    // never sits below the site's own advice.
    id: 'child-injury',
    level: 'emergency',
    card: 'emergency',
    reason:
      "A child's bones are still growing, and an injury can harm the growing part of a bone. Take an injured child to A&E (UK) or the emergency room (US) today.",
    source:
      'NHS: Broken arm or wrist (children) — https://www.nhs.uk/conditions/broken-arm-or-wrist/; HandCheck advice to parents (FAQ "Can I use HandCheck for my child?")',
    applies: (a) => a.age === CHILD && injured(a) && veryRecent(a),
  },
  // --- Urgent: get help today ----------------------------------------------------------
  {
    // The deformity question reads "A visible lump, bend or change in shape": after an injury
    // that is most often a drooping fingertip (mallet finger), a swollen joint or a
    // dislocation, which need a same-day X-ray and splint, not 999. A bone at an odd angle or
    // through the skin is asked in the emergency check and sends the visitor to A&E.
    id: 'injury-deformity',
    level: 'urgent',
    card: 'urgent-injury',
    reason:
      'A change in shape since a recent injury can mean a broken bone, a joint out of place or a torn tendon, such as mallet finger (a fingertip that droops). It needs an X-ray and often a splint today. If a bone is at an odd angle or through the skin, go to A&E now.',
    source: `${NHS_BROKEN_FINGER}; ${NHS_BROKEN_ARM}; NHS: Mallet finger — https://www.nhs.uk/conditions/mallet-finger/`,
    applies: (a) => recentInjury(a) && a.deformity,
  },
  {
    // Decided: urgent, not emergency. The NHS sends a painful, swollen injured finger to 111
    // or an urgent treatment centre and keeps A&E for an odd angle, a blue or numb finger or
    // bone through the skin, which the emergency rules and the emergency check catch. Severe
    // pain alone still needs a same-day X-ray.
    id: 'injury-severe-pain',
    level: 'urgent',
    card: 'urgent-injury',
    reason:
      'Severe pain after a recent injury can mean a broken bone. It needs checking today, usually with an X-ray.',
    source: `${NHS_BROKEN_FINGER}; ${NHS_BROKEN_ARM}`,
    applies: (a) => recentInjury(a) && severe(a),
  },
  {
    // NHS lists tingling and numbness among the signs of a broken arm or wrist; weakness after
    // an injury can mean a torn tendon (jersey finger), which is best repaired within days.
    // In the first week numbness or a colour change is an emergency (injury-circulation).
    id: 'injury-nerve-or-tendon',
    level: 'urgent',
    card: 'urgent-injury',
    reason:
      'Numbness, weakness or a change in skin colour after a recent injury can mean a nerve, tendon or blood vessel has been hurt. These do best when treated within days.',
    source: `${NHS_BROKEN_ARM}; ${NHS_111}`,
    applies: (a) => recentInjury(a) && (a.numbness || a.weakness || a.colorChanges),
  },
  {
    // A scaphoid fracture hurts in the hollow at the base of the thumb, is often missed on
    // the first X-ray and can fail to heal if not put in a splint or cast early.
    id: 'suspected-scaphoid',
    level: 'urgent',
    card: 'urgent-injury',
    reason:
      'Pain in the hollow at the base of the thumb after an injury can be a broken scaphoid (a small wrist bone). It is easy to miss, so it needs an X-ray today, even if you can still move your wrist.',
    source: `${NHS_BROKEN_ARM}; British Society for Surgery of the Hand patient information — https://www.bssh.ac.uk/patients/`,
    applies: (a) => recentInjury(a) && a.painLocation.includes(HOLLOW_AT_THUMB_BASE),
  },
  {
    // NHS: after an injury, a finger or thumb that is "painful, swollen and bruised" or
    // "stiff or difficult to move" needs an urgent treatment centre or 111.
    id: 'injury-swelling-or-stiffness',
    level: 'urgent',
    card: 'urgent-injury',
    reason:
      'Swelling or stiffness after a recent injury can mean a break, a joint out of place or a bad sprain. It may need an X-ray.',
    source: NHS_BROKEN_FINGER,
    applies: (a) => recentInjury(a) && (a.swelling || a.stiffness),
  },
  {
    // A colour change that began suddenly a week or more ago is past the first hours, but a
    // poor blood supply still needs checking the same day.
    id: 'sudden-colour-change',
    level: 'urgent',
    card: 'urgent',
    reason:
      'A change in skin colour that came on suddenly can mean a problem with the blood flow to your hand. It should be checked today.',
    source: `NHS: Raynaud's — https://www.nhs.uk/conditions/raynauds/; ${NHS_111}`,
    applies: (a) =>
      a.onsetType === SUDDEN && a.colorChanges && recent(a) && !veryRecent(a) && !injured(a),
  },
  {
    // NICE advises assessing sudden-onset one-sided numbness as a possible stroke or TIA; the
    // NHS stroke page lists arm weakness or numbness. Urgent rather than emergency because a
    // trapped nerve is the likelier cause in a hand checker, with the 999 signs spelled out.
    id: 'sudden-nerve-symptoms',
    level: 'urgent',
    card: 'urgent',
    reason:
      'Numbness or weakness that came on suddenly without an injury should be checked today. Call 999 (UK) or 911 (US) now if it started in the last few hours, or comes with a drooping face, weakness down one side of the body or slurred speech.',
    source:
      'NHS: Stroke symptoms — https://www.nhs.uk/conditions/stroke/symptoms/; NICE NG127 Suspected neurological conditions — https://www.nice.org.uk/guidance/ng127',
    applies: (a) => suddenWithoutInjury(a) && (a.numbness || a.weakness) && veryRecent(a),
  },
  {
    // Sudden severe pain and swelling with no injury may be an infection (which in the hand
    // can spread along the tendon sheath within hours and then needs surgery), gout or a
    // tendon problem. The answers cannot tell heat, redness or fever, so the reason names them
    // with "go to A&E now"; the emergency check asks about them directly.
    id: 'sudden-severe-swelling',
    level: 'urgent',
    card: 'urgent',
    reason:
      'Sudden severe pain with swelling and no injury can be caused by an infection, gout or a tendon problem. These need treatment soon. If the area is hot and red, or you have a fever, go to A&E now.',
    source: `${NHS_HAND_PAIN}; NHS: Septic arthritis — https://www.nhs.uk/conditions/septic-arthritis/; ${NHS_111}`,
    applies: (a) => suddenWithoutInjury(a) && severe(a) && a.swelling && recent(a),
  },
  // --- Non-urgent advice: see a GP within 2 weeks ---------------------------------------
  {
    // NICE CKS (carpal tunnel syndrome) refers people with weakness or muscle wasting (a
    // flatter pad at the base of the thumb) without a trial of rest: a nerve pressed that
    // hard can be harmed for good. The answers cannot ask about wasting, so the reason names it.
    id: 'gradual-weakness',
    level: 'routine',
    card: 'prompt',
    reason:
      'Weakness in the hand, or muscles that look thinner (such as the pad at the base of the thumb), can mean a nerve is being pressed hard. A GP should check it soon, before the nerve is harmed for good.',
    source: `${NICE_CKS_CTS}; NICE CKS Cubital tunnel syndrome — https://cks.nice.org.uk/topics/ulnar-nerve-entrapment/`,
    applies: (a) => a.weakness,
  },
  {
    // NICE NG12 (1.11.3): an unexplained lump that is getting bigger needs an urgent scan
    // (within 2 weeks) for a soft-tissue sarcoma; a lump over about 5 cm is the classic
    // warning sign. No question asks whether a lump is growing or how big it is, so every
    // lump with swelling that a recent injury does not explain gets the 2-week card, and the
    // reason names the signs that make it urgent.
    id: 'growing-lump',
    level: 'routine',
    card: 'prompt',
    reason:
      'A lump should be checked by a GP, even if it does not hurt. Most lumps are harmless. Go within 2 weeks if it is getting bigger or is larger than about 5 cm (2 inches), as you may need a scan soon.',
    source: `${NICE_NG12}; ${NHS_LUMPS}`,
    applies: (a) => lump(a) && !recentInjury(a),
  },
  // --- Non-urgent advice -----------------------------------------------------------------
  {
    // NHS: see a GP if hand or wrist pain has not improved after 2 weeks of home treatment.
    id: 'persistent-symptoms',
    level: 'routine',
    card: 'routine',
    reason: 'Your symptoms have lasted more than a month.',
    source: NHS_HAND_PAIN,
    applies: (a) => LONG_DURATIONS.includes(a.duration),
  },
  {
    // NHS: see a GP if the pain is stopping you doing normal activities.
    id: 'daily-activities',
    level: 'routine',
    card: 'routine',
    reason: 'Your symptoms make it harder to grip, pinch, write or type.',
    source: NHS_HAND_PAIN,
    applies: (a) =>
      a.gripDifficulty || a.pinchDifficulty || a.writingDifficulty || a.keyboardDifficulty,
  },
  {
    // NHS: see a GP about tingling or loss of feeling in the hand, especially if it returns.
    id: 'pins-and-needles',
    level: 'routine',
    card: 'routine',
    reason:
      'Tingling or loss of feeling in the hand or fingers is worth checking, mainly if it keeps coming back.',
    source: NHS_HAND_PAIN,
    applies: (a) => a.numbness || a.tingling,
  },
  {
    // An older injury that still causes symptoms may need imaging or a hand therapist.
    id: 'unsettled-injury',
    level: 'routine',
    card: 'routine',
    reason: 'Symptoms that have not settled weeks after an injury should be checked.',
    source: NHS_HAND_PAIN,
    applies: (a) => anyInjury(a) && !recent(a),
  },
  {
    // NHS: see a GP about a lump you are not sure about, or one that is growing. A bend or
    // change in shape without swelling (a curled finger, a knobbly joint) is seldom urgent;
    // the reason still names the growing lump.
    id: 'change-in-shape',
    level: 'routine',
    card: 'routine',
    reason:
      'A new lump, bend or change in shape should be checked by a GP. If a lump is getting bigger, go within 2 weeks.',
    source: `${NHS_LUMPS}; ${NICE_NG12}`,
    applies: (a) => a.deformity && !a.swelling && !recentInjury(a),
  },
  {
    // The product is for adults (spec section 1); children's hand problems differ.
    id: 'under-18',
    level: 'routine',
    card: 'routine',
    reason:
      "This checker is made for adults, as children's bones are still growing. Take a child to a GP or pharmacist (UK) or their doctor (US). After an injury, or for a hot, red, swollen hand or finger, take them to A&E (UK) or the emergency room (US).",
    source:
      'HandCheck specification, section 1 (the tool is for adults, not children); HandCheck advice to parents (FAQ "Can I use HandCheck for my child?")',
    // The same words as the site's advice to parents, at every level of the card.
    always: true,
    applies: (a) => a.age === CHILD,
  },
] satisfies CareRule[]);
