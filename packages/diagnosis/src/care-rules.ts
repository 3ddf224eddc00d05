/*
 * Red-flag rules behind the care card shown before the results. Each rule is data: an id,
 * the level it raises the card to, the card it asks for, the reason shown to the visitor, its
 * source, the lines of the care table it carries out, and a predicate over the answers.
 *
 * The rules follow the care table (docs/clinical-safety/care-table.md), built line by line
 * from the NHS and NICE pages: every "Call 999", "Go to A&E", "urgent / 111", "See a GP" and
 * self-care line the six steps can express is reached here from the answers alone, as many
 * visitors tick "None of these" in the emergency check. Where the answers cannot tell two
 * things apart (a drooping fingertip from a finger at an odd angle, a swollen fracture from
 * pressure building in the muscles) the rule takes the higher level, and the table says so.
 * A test walks every line of the table with its vignettes, from both sides.
 *
 * Deliberately conservative: an unanswered duration counts as recent, an unanswered onset
 * after a past injury counts as the injury, and the rules only use structured answers, never
 * the free text, so the same answers always give the same card.
 *
 * The hazard log (docs/clinical-safety/hazard-log.md) names the vignettes behind each control.
 */
import { deepFreeze } from './freeze';
import {
  type AgeRange,
  type Answers,
  type Duration,
  HOLLOW_AT_THUMB_BASE,
  type OnsetType,
  type PainIntensity,
  type PainLocation,
  type PainTiming,
} from './options';

export type CareLevel = 'emergency' | 'urgent' | 'routine';

/**
 * Which card a rule asks for within its level: `emergency-call` is a 999 / 911 call (the
 * NHS's own 999 lines: stroke, heart attack, sepsis, compartment syndrome, heavy bleeding);
 * `urgent-injury` sends a suspected break or tendon injury where it can be X-rayed and
 * splinted; `prompt` asks for a GP within 2 weeks.
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
  /** The care table's lines this rule carries out (docs/clinical-safety/care-table.md). */
  readonly lines: readonly string[];
  /** Shown whatever the card's level (advice that must never be hidden by a higher level). */
  readonly always?: true;
  readonly applies: (answers: Answers) => boolean;
}

const NHS_BROKEN_FINGER =
  'NHS: Broken finger or thumb — https://www.nhs.uk/conditions/broken-finger/';
const NHS_BROKEN_ARM =
  'NHS: Broken arm or wrist — https://www.nhs.uk/conditions/broken-arm-or-wrist/';
const NHS_HAND_PAIN = 'NHS: Hand pain — https://www.nhs.uk/conditions/hand-pain/';
const NHS_WRIST_PAIN = 'NHS: Wrist pain — https://www.nhs.uk/conditions/wrist-pain/';
const NHS_ELBOW_PAIN = 'NHS: Elbow pain — https://www.nhs.uk/conditions/elbow-pain/';
const NHS_COMPARTMENT =
  'NHS: Compartment syndrome — https://www.nhs.uk/conditions/compartment-syndrome/';
const NHS_MALLET = 'NHS: Mallet finger — https://www.nhs.uk/conditions/mallet-finger/';
const NHS_STROKE = 'NHS: Stroke, symptoms — https://www.nhs.uk/conditions/stroke/symptoms/';
const NHS_CELLULITIS = 'NHS: Cellulitis — https://www.nhs.uk/conditions/cellulitis/';
const NHS_SEPTIC_ARTHRITIS =
  'NHS: Septic arthritis — https://www.nhs.uk/conditions/septic-arthritis/';
const NHS_LUMPS = 'NHS: Lumps — https://www.nhs.uk/conditions/lumps/';
const NHS_RA = 'NHS: Rheumatoid arthritis — https://www.nhs.uk/conditions/rheumatoid-arthritis/';
const NHS_111 = 'NHS 111 guidance — https://111.nhs.uk/';
const NICE_NG12 =
  'NICE NG12 Suspected cancer: recognition and referral (1.11 sarcoma, 1.10 myeloma) — https://www.nice.org.uk/guidance/ng12';
const NICE_NG100 =
  'NICE NG100 Rheumatoid arthritis in adults (1.1.2 refer urgently) — https://www.nice.org.uk/guidance/ng100';
const NICE_CKS_CTS =
  'NICE CKS Carpal tunnel syndrome (refer if there is weakness or muscle wasting) — https://cks.nice.org.uk/topics/carpal-tunnel-syndrome/';

// Option labels the rules test for, typed so that a misspelling fails to compile.
const AFTER_INJURY: OnsetType = 'After injury/trauma';
const SUDDEN: OnsetType = 'Sudden onset';
const REPETITIVE: OnsetType = 'After repetitive activity';
const SEVERE: PainIntensity = 'Severe (7-10/10)';
const CHILD: AgeRange = 'Under 18';
const OVER_60: AgeRange = 'Over 60';
const FINGERTIP: PainLocation = 'Fingertip';
const WRIST: PainLocation = 'Wrist';
const THUMB: PainLocation = 'Thumb';
const FOREARM: PainLocation = 'Forearm';
const AT_NIGHT: PainTiming = 'At night';
const AT_REST: PainTiming = 'At rest';

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
// Weeks, not days: NICE NG100's "persistent" joint swelling.
const LASTING_DURATIONS: readonly string[] = ['1-4 weeks', ...LONG_DURATIONS];

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

/** An injury in the last week (or with no duration given): the time of the NHS A&E lines. */
function freshInjury(a: Answers): boolean {
  return injured(a) && veryRecent(a);
}

/** Numbness, tingling or pins and needles: the questionnaire asks them as two flags. */
function nerveSigns(a: Answers): boolean {
  return a.numbness || a.tingling;
}

/** The fingertip alone, where a change in shape after an injury is most often mallet finger. */
function fingertipOnly(a: Answers): boolean {
  return a.painLocation.length === 1 && a.painLocation[0] === FINGERTIP;
}

/**
 * Pain in the wrist, the thumb side of it or the forearm: after a fall these are the places of
 * a broken wrist or scaphoid, which need an X-ray the same day however strong the pain.
 */
function wristOrThumbSide(a: Answers): boolean {
  return [WRIST, HOLLOW_AT_THUMB_BASE, THUMB, FOREARM].some((place) =>
    a.painLocation.includes(place),
  );
}

/** Pain at night or at rest: bone pain that activity does not explain. */
function restOrNightPain(a: Answers): boolean {
  return a.nightPain || a.painTiming === AT_NIGHT || a.painTiming === AT_REST;
}

/** Swelling with a colour change (the questionnaire's nearest words for red and swollen). */
function redAndSwollen(a: Answers): boolean {
  return a.swelling && a.colorChanges;
}

export const CARE_RULES: readonly CareRule[] = deepFreeze([
  // --- Emergency: call 999 / 911 -------------------------------------------------------
  {
    // The NHS stroke page: call 999 for sudden weakness or numbness in an arm, even if it
    // gets better. A trapped nerve is the likelier cause in a hand checker, but the answers
    // cannot tell them apart, so sudden weakness or numbness without an injury this week is
    // the stroke line at any age (the table says so).
    id: 'sudden-nerve-symptoms',
    level: 'emergency',
    card: 'emergency-call',
    reason:
      'Weakness or numbness that came on suddenly, with no injury, can be a sign of a stroke. Call 999 (UK) or 911 (US) now, even if it gets better. Look for a drooping face, a weak arm or slurred speech.',
    source: NHS_STROKE,
    lines: ['ST-1', 'HP-4', 'HP-5'],
    applies: (a) => suddenWithoutInjury(a) && (a.numbness || a.weakness) && veryRecent(a),
  },
  // --- Emergency: go to A&E / the emergency room ---------------------------------------
  {
    // The NHS broken finger and broken arm or wrist pages send a finger, wrist or arm at an
    // odd angle or changed in shape to A&E. The questionnaire's "visible lump, bend or change
    // in shape" cannot tell that from a drooping fingertip (mallet finger, NHS: 111), so in
    // the first week it goes to A&E unless the fingertip is the only place named.
    id: 'injury-deformity',
    level: 'emergency',
    card: 'emergency',
    reason:
      'A finger, wrist or arm that has changed shape since an injury can mean a broken bone or a joint out of place. This needs A&E now.',
    source: `${NHS_BROKEN_FINGER}; ${NHS_BROKEN_ARM}`,
    lines: ['BF-1', 'BA-1', 'EP-1', 'HP-2'],
    applies: (a) => freshInjury(a) && a.deformity && !fingertipOnly(a),
  },
  {
    // NHS: after an injury, a finger or hand that looks blue or pale, or feels numb or
    // tingly (pins and needles), means A&E: its blood supply or a nerve may be damaged.
    id: 'injury-circulation',
    level: 'emergency',
    card: 'emergency',
    reason:
      'After an injury, a hand or finger that changes colour (such as blue or pale), or feels numb or tingly, may have a hurt blood vessel or nerve. This needs A&E now.',
    source: `${NHS_BROKEN_FINGER}; ${NHS_BROKEN_ARM}; ${NHS_COMPARTMENT}`,
    lines: ['BF-2', 'BA-2', 'HP-1'],
    applies: (a) => freshInjury(a) && (a.colorChanges || nerveSigns(a)),
  },
  {
    // NHS compartment syndrome: "Call 999 or go to A&E if you have sudden, severe pain"; the
    // broken arm or wrist page sends a suspected break to A&E. The answers cannot say "crush",
    // "cast" or "getting worse", nor tell pressure building in the muscles from a bad break,
    // so severe pain that began suddenly or with an injury this week goes to A&E; the
    // emergency check asks about a crush or a cast directly (a 999 call).
    id: 'sudden-severe-pain',
    level: 'emergency',
    card: 'emergency',
    reason:
      'Severe pain that started suddenly or with an injury this week can mean a bad break, or pressure building in the muscles. This needs A&E now. Call 999 (UK) or 911 (US) if it keeps getting worse.',
    source: `${NHS_COMPARTMENT}; ${NHS_BROKEN_ARM}; ${NHS_HAND_PAIN}`,
    lines: ['CS-1', 'BA-3', 'HP-3', 'EP-2', 'SA-1', 'HP-7'],
    applies: (a) => severe(a) && veryRecent(a) && (injured(a) || a.onsetType === SUDDEN),
  },
  {
    // A hand or finger that suddenly turns white, pale or blue may have lost its blood supply
    // (a clot or a blocked artery). "Sensitivity to cold" is not "cold to the touch", so the
    // colour change that started suddenly this week is enough.
    id: 'sudden-circulation',
    level: 'emergency',
    card: 'emergency',
    reason:
      'A change in skin colour that came on suddenly in the last few days can mean the hand is not getting enough blood. If a hand or finger is cold, pale, white or blue, go to A&E now.',
    source: `${NHS_111}; NHS: Peripheral arterial disease — https://www.nhs.uk/conditions/peripheral-arterial-disease-pad/`,
    lines: ['HP-1'],
    applies: (a) => a.onsetType === SUDDEN && a.colorChanges && veryRecent(a) && !injured(a),
  },
  {
    // The site's advice to parents (web/src/content/site.ts, PARENT_ADVICE) takes an injured
    // child to A&E / the emergency room: a child's growth plates can break where an adult's
    // bone would only bruise, and a pulled elbow needs checking. The card never sits below it.
    id: 'child-injury',
    level: 'emergency',
    card: 'emergency',
    reason:
      "A child's bones are still growing, and an injury can harm the growing part of a bone. Take an injured child to A&E (UK) or the emergency room (US) today.",
    source:
      'NHS: Broken arm or wrist (children); NHS: Pulled elbow — https://www.nhs.uk/conditions/pulled-elbow/; HandCheck advice to parents (FAQ "Can I use HandCheck for my child?")',
    lines: ['PE-1'],
    // A parent may answer "Sudden onset" for a pull or a fall they did not see: a child's
    // symptoms that began suddenly this week are read as an injury.
    applies: (a) => a.age === CHILD && (injured(a) || a.onsetType === SUDDEN) && veryRecent(a),
  },
  {
    // The same advice to parents: a hot, red, swollen hand or finger goes to A&E. The answers
    // cannot say "hot", so a child's swelling without an injury in the last weeks is read as
    // it: a child's hand infection or septic joint spreads fast.
    id: 'child-swelling',
    level: 'emergency',
    card: 'emergency',
    reason:
      "A child's hand or finger that is swollen, red or warm can be an infection, which spreads fast in children. Take them to A&E (UK) or the emergency room (US) today.",
    source: `${NHS_SEPTIC_ARTHRITIS}; ${NHS_CELLULITIS}; HandCheck advice to parents`,
    lines: ['SA-2', 'CE-1'],
    applies: (a) => a.age === CHILD && !injured(a) && a.swelling && recent(a),
  },
  // --- Urgent: get help today ----------------------------------------------------------
  {
    // Red and swollen without an injury: cellulitis or septic arthritis, which the NHS sends
    // to an urgent GP appointment or 111, and to A&E with a fever or feeling unwell.
    id: 'infection-signs',
    level: 'urgent',
    card: 'urgent',
    reason:
      'Swelling with a change in skin colour, such as redness, can be an infection of the skin or a joint. It needs treatment today. Go to A&E (UK) or the emergency room (US) now if the area is hot and spreading, or you have a fever or feel unwell.',
    source: `${NHS_CELLULITIS}; ${NHS_SEPTIC_ARTHRITIS}`,
    lines: ['CE-1', 'SA-3', 'SE-2'],
    // After an injury, colour and swelling in the first week are a bruise (the injury rules);
    // weeks later they can be an infected wound (NHS sepsis: "swelling, redness or pain around
    // a cut or wound", call 111).
    applies: (a) => redAndSwollen(a) && recent(a) && (!injured(a) || !veryRecent(a)),
  },
  {
    // NHS septic arthritis (urgent GP or 111): "swelling around a joint", symptoms that
    // "develop quickly over a few days"; NHS cellulitis (111): skin "painful, hot and swollen".
    // The answers cannot say hot, so swelling this week with no injury is checked today.
    // Swelling for weeks is the GP's (inflamed-joints); swelling from overuse is a tendon's.
    id: 'joint-swelling-now',
    level: 'urgent',
    card: 'urgent',
    reason:
      'Swelling that came on in the last few days with no injury can be an infection in a joint or the skin. It should be checked today. Go to A&E (UK) or the emergency room (US) now if it is hot and red, or you have a fever or feel unwell.',
    source: `${NHS_SEPTIC_ARTHRITIS}; ${NHS_CELLULITIS}; ${NHS_ELBOW_PAIN}`,
    lines: ['SA-2', 'CE-1', 'EP-4'],
    applies: (a) => !injured(a) && a.onsetType !== REPETITIVE && a.swelling && veryRecent(a),
  },
  {
    // Sudden severe pain and swelling with no injury may be an infection (which in the hand
    // can spread along the tendon sheath within hours), gout or a tendon problem.
    id: 'sudden-severe-swelling',
    level: 'urgent',
    card: 'urgent',
    reason:
      'Sudden severe pain with swelling and no injury can be caused by an infection, gout or a tendon problem. These need treatment soon. If the area is hot and red, or you have a fever, go to A&E now.',
    source: `${NHS_HAND_PAIN}; ${NHS_SEPTIC_ARTHRITIS}; ${NHS_111}`,
    lines: ['SA-1'],
    applies: (a) => suddenWithoutInjury(a) && severe(a) && a.swelling && recent(a),
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
    lines: ['HP-1'],
    applies: (a) =>
      a.onsetType === SUDDEN && a.colorChanges && recent(a) && !veryRecent(a) && !injured(a),
  },
  {
    // Sudden weakness or numbness that began more than a week ago is past the stroke line's
    // hours but still needs a doctor the same day; the NHS elbow and arm pain page sends an
    // arm that suddenly tingles or feels numb to 111. Tingling that came on gradually is the
    // hand pain page's "see a GP" line (pins-and-needles).
    id: 'sudden-nerve-symptoms-later',
    level: 'urgent',
    card: 'urgent',
    reason:
      'Weakness, numbness or tingling that came on suddenly, with no injury, should be checked by a doctor today. Do this even if it is better now.',
    source: `${NHS_ELBOW_PAIN}; ${NHS_HAND_PAIN}; ${NHS_STROKE}`,
    lines: ['EP-3', 'HP-4'],
    applies: (a) =>
      suddenWithoutInjury(a) &&
      recent(a) &&
      (a.tingling || ((a.numbness || a.weakness) && !veryRecent(a))),
  },
  {
    // A change in shape at the fingertip alone after an injury is most often a mallet finger:
    // NHS 111 or an urgent treatment centre the same day, for a splint; a change in shape in
    // weeks 2 to 4 is no longer an A&E story but still needs an X-ray.
    id: 'injury-deformity-later',
    level: 'urgent',
    card: 'urgent-injury',
    reason:
      'A change in shape since an injury, such as mallet finger (a fingertip that droops), can mean a broken bone or a torn tendon. It needs an X-ray and often a splint today.',
    source: `${NHS_MALLET}; ${NHS_BROKEN_FINGER}`,
    lines: ['MF-1', 'HP-2'],
    applies: (a) => recentInjury(a) && a.deformity && (fingertipOnly(a) || !veryRecent(a)),
  },
  {
    // NHS finger pain and mallet finger: an injured finger that is painful, tender, swollen or
    // will not straighten needs NHS 111 (or an urgent treatment centre), and "if you think you
    // might have broken your finger, do not try to treat it yourself". In the first week any
    // injury gets checked the same day.
    id: 'fresh-injury',
    level: 'urgent',
    card: 'urgent-injury',
    reason:
      'An injury in the last few days that still hurts can be a broken bone, a torn tendon or a joint out of place, even when the pain is mild. It should be checked today.',
    source: `${NHS_MALLET}; ${NHS_BROKEN_FINGER}; ${NHS_HAND_PAIN}`,
    lines: ['MF-2', 'HP-6', 'HP-15', 'BF-4'],
    applies: (a) => freshInjury(a),
  },
  {
    // NHS: think you have broken a finger, wrist or arm, or have a painful, swollen, bruised
    // or stiff finger after an injury: an urgent treatment centre the same day.
    id: 'injury-severe-pain',
    level: 'urgent',
    card: 'urgent-injury',
    reason:
      'Severe pain after a recent injury can mean a broken bone. It needs checking today, usually with an X-ray.',
    source: `${NHS_BROKEN_FINGER}; ${NHS_BROKEN_ARM}`,
    lines: ['HP-3'],
    applies: (a) => recentInjury(a) && severe(a),
  },
  {
    // Weakness after an injury can mean a torn tendon (jersey finger), best repaired within
    // days; numbness, tingling or a colour change weeks 2 to 4 after an injury still need a
    // doctor the same day.
    id: 'injury-nerve-or-tendon',
    level: 'urgent',
    card: 'urgent-injury',
    reason:
      'Numbness, tingling, weakness or a change in skin colour after a recent injury can mean a nerve, tendon or blood vessel has been hurt. These do best when treated within days.',
    source: `${NHS_BROKEN_ARM}; ${NHS_BROKEN_FINGER}`,
    lines: ['BF-2', 'HP-5'],
    applies: (a) => recentInjury(a) && (nerveSigns(a) || a.weakness || a.colorChanges),
  },
  {
    // A fall onto the hand breaks the wrist or the scaphoid, which hurts in the hollow at the
    // base of the thumb, is often missed on the first X-ray and can fail to heal without a
    // cast. NHS and NICE CKS: any wrist pain after a fall needs an X-ray, however strong.
    id: 'suspected-scaphoid',
    level: 'urgent',
    card: 'urgent-injury',
    reason:
      'Pain in the wrist or at the base of the thumb after a fall or injury can be a broken wrist or scaphoid (a small wrist bone). These are easy to miss, so it needs an X-ray today, even if the pain is mild and you can still move your wrist.',
    source: `${NHS_BROKEN_ARM}; ${NHS_WRIST_PAIN}; NICE CKS Scaphoid fracture — https://cks.nice.org.uk/`,
    lines: ['BA-5'],
    applies: (a) => recentInjury(a) && wristOrThumbSide(a),
  },
  {
    // NHS: a painful, swollen or stiff finger, or an elbow that hurts, swells or will not move
    // after a fall, needs an urgent treatment centre the same day.
    id: 'injury-swelling-or-stiffness',
    level: 'urgent',
    card: 'urgent-injury',
    reason:
      'Swelling or stiffness after a recent injury can mean a break, a joint out of place or a bad sprain. It needs an X-ray today.',
    source: `${NHS_BROKEN_FINGER}; ${NHS_ELBOW_PAIN}`,
    lines: ['BF-4', 'BF-5'],
    applies: (a) => recentInjury(a) && (a.swelling || a.stiffness),
  },
  {
    // NHS hand pain: a hand that has changed shape or colour, or severe pain, goes to an
    // urgent treatment centre or A&E. Without an injury, a change in shape that came on
    // suddenly (a tendon that snapped, a joint that slipped) needs checking the same day;
    // severe pain still there after the first week, too.
    id: 'sudden-change-or-severe-pain',
    level: 'urgent',
    card: 'urgent',
    reason:
      'Severe pain, or a change in shape that came on suddenly, should be checked by a doctor today.',
    source: NHS_HAND_PAIN,
    lines: ['HP-2', 'HP-3', 'EP-2'],
    applies: (a) =>
      !injured(a) && recent(a) && ((a.onsetType === SUDDEN && a.deformity) || severe(a)),
  },
  // --- Non-urgent advice: see a GP within 2 weeks ---------------------------------------
  {
    // NICE CKS (carpal tunnel syndrome) refers people with weakness or muscle wasting without
    // a trial of rest: a nerve pressed that hard can be harmed for good.
    id: 'gradual-weakness',
    level: 'routine',
    card: 'prompt',
    reason:
      'Weakness in the hand, or muscles that look thinner (such as the pad at the base of the thumb), can mean a nerve is being pressed hard. A GP should check it soon, before the nerve is harmed for good.',
    source: `${NICE_CKS_CTS}; NICE CKS Cubital tunnel syndrome — https://cks.nice.org.uk/topics/ulnar-nerve-entrapment/`,
    lines: ['CT-2'],
    applies: (a) => a.weakness,
  },
  {
    // NICE NG12 and the NHS lumps page: a lump that is growing, over about 5 cm, hard or
    // painful needs a GP soon (an urgent scan within 2 weeks). No question asks whether a lump
    // grows or how big it is, so every new lump, bend or change in shape that a recent injury
    // does not explain gets the 2-week card, and the reason names the signs.
    id: 'growing-lump',
    level: 'routine',
    card: 'prompt',
    reason:
      'A lump or a change in shape should be checked by a GP, even if it does not hurt. Most lumps are harmless. Go within 2 weeks, as a lump that is getting bigger, is larger than about 5 cm (2 inches) or feels hard may need a scan soon.',
    source: `${NICE_NG12}; ${NHS_LUMPS}`,
    lines: ['LU-1', 'LU-2', 'NG-1', 'GC-1'],
    applies: (a) => a.deformity && !recentInjury(a),
  },
  {
    // NICE NG100: refer urgently anyone with persistent swelling (synovitis) of small joints of
    // the hands, of more than one joint, or for 3 months or more; the NHS rheumatoid arthritis
    // page says see a GP. Swelling for weeks with no injury is enough: stiffness is often not
    // ticked, and the questions cannot tell one joint from several.
    id: 'inflamed-joints',
    level: 'routine',
    card: 'prompt',
    reason:
      'Swelling in the hand or wrist for weeks, with no injury, can be a kind of arthritis that is best treated early to protect the joints. A GP should see you within 2 weeks.',
    source: `${NICE_NG100}; ${NHS_RA}`,
    lines: ['RA-1', 'RA-2', 'HP-13'],
    applies: (a) => !injured(a) && a.swelling && LASTING_DURATIONS.includes(a.duration),
  },
  {
    // NICE NG12: bone pain that is there at rest or at night, unexplained, in someone over 60
    // (myeloma) or a child or young person (bone sarcoma: an X-ray within 48 hours).
    id: 'night-bone-pain',
    level: 'routine',
    card: 'prompt',
    reason:
      'Pain at night or at rest that an injury does not explain should be checked by a GP within 2 weeks, mainly for children and people over 60. It is often not serious, but it may need an X-ray or a blood test.',
    source: NICE_NG12,
    lines: ['NG-2', 'NG-3'],
    applies: (a) =>
      (a.age === OVER_60 || a.age === CHILD) && restOrNightPain(a) && !recentInjury(a),
  },
  {
    // NHS hand, wrist and elbow pain: see a GP if it has not got better after 2 weeks. Symptoms
    // that have lasted a month or more are past that wait, so the card says go now.
    id: 'persistent-symptoms',
    level: 'routine',
    card: 'prompt',
    reason:
      'Your symptoms have lasted more than a month. That is longer than rest and painkillers should take, so see a GP within 2 weeks.',
    source: `${NHS_HAND_PAIN}; ${NHS_WRIST_PAIN}; ${NHS_ELBOW_PAIN}`,
    lines: ['HP-10', 'WP-2', 'EP-7', 'CT-1'],
    applies: (a) => LONG_DURATIONS.includes(a.duration),
  },
  // --- Non-urgent advice -----------------------------------------------------------------
  {
    // NHS: see a GP if the pain is stopping you doing normal activities.
    id: 'daily-activities',
    level: 'routine',
    card: 'routine',
    reason: 'Your symptoms make it harder to grip, pinch, write or type.',
    source: NHS_HAND_PAIN,
    lines: ['HP-8', 'WP-3'],
    applies: (a) =>
      a.gripDifficulty || a.pinchDifficulty || a.writingDifficulty || a.keyboardDifficulty,
  },
  {
    // NHS: see a GP about pins and needles that keeps coming back or does not go away.
    id: 'pins-and-needles',
    level: 'routine',
    card: 'routine',
    reason:
      'Tingling or loss of feeling in the hand or fingers is worth checking, mainly if it keeps coming back.',
    source: `${NHS_HAND_PAIN}; NHS: Carpal tunnel syndrome — https://www.nhs.uk/conditions/carpal-tunnel-syndrome/`,
    lines: ['HP-11', 'CT-1'],
    applies: (a) => nerveSigns(a),
  },
  {
    // An older injury that still causes symptoms may need imaging or a hand therapist.
    id: 'unsettled-injury',
    level: 'routine',
    card: 'routine',
    reason: 'Symptoms that have not settled weeks after an injury should be checked.',
    source: NHS_HAND_PAIN,
    lines: ['HP-10'],
    applies: (a) => anyInjury(a) && !recent(a),
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
    lines: [],
    // The same words as the site's advice to parents, at every level of the card.
    always: true,
    applies: (a) => a.age === CHILD,
  },
] satisfies CareRule[]);
