import {
  type Answers,
  type CareCardId,
  type CareLevel,
  type EmergencySignId,
  HOLLOW_AT_THUMB_BASE,
} from '@handcheck/diagnosis';

/*
 * Clinical vignettes: short patient stories as the visitor would answer them, with the care
 * card a clinician expects. They prove the controls of the hazard log
 * (docs/clinical-safety/hazard-log.md names the vignettes behind each control) and cover every
 * care rule and every emergency sign. A vignette states the level, and optionally the card,
 * the rules that must (and must not) fire and words the reasons or action must (not) contain.
 */

export interface Vignette {
  readonly id: string;
  /** The story in a line, as a clinician would tell it. */
  readonly story: string;
  readonly answers: Partial<Answers>;
  /** Signs chosen in the emergency check before the questions. */
  readonly signs?: readonly EmergencySignId[];
  readonly expected: {
    readonly level: CareLevel;
    readonly card?: CareCardId;
    /** Rule ids (or `sign:<id>`) that must be among the card's reasons. */
    readonly rules?: readonly string[];
    /** Rule ids that must not fire at all. */
    readonly notRules?: readonly string[];
    /** Words the reasons and action must contain (case-insensitive). */
    readonly words?: readonly string[];
    /** Words neither may contain. */
    readonly notWords?: readonly string[];
    /** Words the UK and US actions must contain, each in its own country's wording. */
    readonly uk?: readonly string[];
    readonly us?: readonly string[];
  };
}

const JUST_INJURED: Partial<Answers> = {
  onsetType: 'After injury/trauma',
  duration: 'Less than 1 week',
};
const FELL_THIS_WEEK: Partial<Answers> = {
  previousInjury: true,
  onsetType: 'Sudden onset',
  duration: 'Less than 1 week',
};
const ADULT = { age: '31-45' } as const;

export const VIGNETTES: readonly Vignette[] = [
  // --- Emergency check (the signs the questions cannot ask) ------------------------------
  {
    id: 'V01',
    story: 'Index finger went white and cold an hour ago; no injury; nothing else ticked.',
    answers: { ...ADULT },
    signs: ['cold-pale-blue'],
    expected: {
      level: 'emergency',
      card: 'emergency',
      rules: ['sign:cold-pale-blue'],
      words: ['enough blood', 'Go to A&E now'],
    },
  },
  {
    id: 'V02',
    story: 'Thorn in the finger three days ago; now hot, red, swollen and throbbing with a fever.',
    answers: {
      ...ADULT,
      painLocation: ['Index finger'],
      painType: 'Throbbing',
      painIntensity: 'Severe (7-10/10)',
      swelling: true,
      onsetType: 'Sudden onset',
      duration: 'Less than 1 week',
    },
    signs: ['hot-red-swollen'],
    expected: {
      level: 'emergency',
      rules: ['sign:hot-red-swollen'],
      words: ['infection', 'operation'],
    },
  },
  {
    id: 'V03',
    story: 'Cat bite on the back of the hand this morning, a little swollen, mild pain.',
    answers: {
      ...ADULT,
      painLocation: ['Palm'],
      painIntensity: 'Mild (1-3/10)',
      swelling: true,
      onsetType: 'After injury/trauma',
      duration: 'Less than 1 week',
    },
    signs: ['bite-puncture-injection'],
    expected: { level: 'emergency', rules: ['sign:bite-puncture-injection'], words: ['bite'] },
  },
  {
    id: 'V04',
    story:
      'Grease gun went off into the fingertip at work: a pinhole wound, mild ache, nothing else.',
    answers: {
      ...ADULT,
      occupation: 'Manual labor',
      painLocation: ['Fingertip'],
      painIntensity: 'Mild (1-3/10)',
    },
    signs: ['bite-puncture-injection'],
    expected: {
      level: 'emergency',
      rules: ['sign:bite-puncture-injection'],
      words: ['high-pressure gun', 'look small'],
    },
  },
  {
    id: 'V05',
    story: 'Fell off a bike; the wrist is bent like a dinner fork.',
    answers: {
      ...JUST_INJURED,
      ...ADULT,
      painLocation: ['Wrist'],
      painIntensity: 'Severe (7-10/10)',
      deformity: true,
    },
    signs: ['bone-deformed'],
    expected: {
      level: 'emergency',
      rules: ['sign:bone-deformed'],
      words: ['odd angle', 'A&E'],
    },
  },
  {
    id: 'V06',
    story: 'Deep kitchen-knife cut to the palm that keeps bleeding through a towel.',
    answers: { ...JUST_INJURED, ...ADULT, painLocation: ['Palm'] },
    signs: ['heavy-bleeding'],
    expected: { level: 'emergency', rules: ['sign:heavy-bleeding'], words: ['Press firmly'] },
  },
  {
    id: 'V07',
    story: 'Right arm suddenly weak and numb, face drooping on one side, this morning.',
    answers: {
      painLocation: ['Forearm'],
      weakness: true,
      numbness: true,
      onsetType: 'Sudden onset',
      duration: 'Less than 1 week',
      age: 'Over 60',
    },
    signs: ['stroke-heart'],
    expected: {
      level: 'emergency',
      card: 'emergency-call',
      rules: ['sign:stroke-heart'],
      words: ['stroke', 'Call 999 (UK) or 911 (US) now', 'Do not drive yourself'],
      notWords: ['Go to A&E now'],
      uk: ['Call 999 now'],
      us: ['Call 911 now'],
    },
  },
  {
    id: 'V08',
    story: 'Heavy chest pain spreading down the left arm; nothing ticked in the hand questions.',
    answers: { age: '46-60' },
    signs: ['heart-arm-pain'],
    expected: {
      level: 'emergency',
      card: 'emergency-call',
      rules: ['sign:heart-arm-pain'],
      words: ['heart attack', '911', 'ambulance'],
    },
  },
  {
    id: 'V09',
    story: 'Crushed hand in machinery: finger cold and pale and bleeding heavily.',
    answers: { ...JUST_INJURED, ...ADULT },
    signs: ['heavy-bleeding', 'cold-pale-blue'],
    expected: {
      level: 'emergency',
      card: 'emergency-call',
      rules: ['sign:heavy-bleeding', 'sign:cold-pale-blue'],
      words: ['enough blood', 'bleeding'],
    },
  },
  {
    id: 'V10',
    story: '"None of these" in the emergency check, nothing else answered.',
    answers: {},
    signs: [],
    expected: { level: 'routine', card: 'routine', notRules: ['sign:cold-pale-blue'] },
  },
  // --- Emergency rules from the answers ---------------------------------------------------
  {
    id: 'V11',
    story: 'Finger shut in a car door today; it looks blue.',
    answers: {
      ...JUST_INJURED,
      ...ADULT,
      painLocation: ['Middle finger'],
      colorChanges: true,
      painIntensity: 'Moderate (4-6/10)',
    },
    expected: {
      level: 'emergency',
      card: 'emergency',
      rules: ['injury-circulation'],
      words: ['blood vessel', 'Go to A&E now'],
    },
  },
  {
    id: 'V12',
    story: 'Glass cut on the side of the finger yesterday; the tip has felt numb since.',
    answers: { ...JUST_INJURED, ...ADULT, painLocation: ['Fingertip'], numbness: true },
    expected: { level: 'emergency', rules: ['injury-circulation'], words: ['numb', 'nerve'] },
  },
  {
    id: 'V13',
    story: 'Injured the hand, symptoms came on suddenly, skin colour changed; no duration given.',
    answers: { previousInjury: true, onsetType: 'Sudden onset', colorChanges: true },
    expected: { level: 'emergency', rules: ['injury-circulation'] },
  },
  {
    id: 'V14',
    story: 'Ring finger suddenly turned white-blue two days ago, no injury.',
    answers: {
      ...ADULT,
      painLocation: ['Ring finger'],
      colorChanges: true,
      onsetType: 'Sudden onset',
      duration: 'Less than 1 week',
    },
    expected: {
      level: 'emergency',
      card: 'emergency',
      rules: ['sudden-circulation'],
      words: ['cold, pale, white or blue', 'enough blood'],
    },
  },
  {
    id: 'V15',
    story: 'Sudden colour change in the hand, duration not answered.',
    answers: { colorChanges: true, onsetType: 'Sudden onset', age: 'Over 60' },
    expected: { level: 'emergency', rules: ['sudden-circulation'] },
  },
  {
    id: 'V16',
    story: 'Fingers sensitive to cold since a sudden start this week, but no colour change.',
    answers: {
      ...ADULT,
      coldSensitivity: true,
      onsetType: 'Sudden onset',
      duration: 'Less than 1 week',
    },
    expected: {
      level: 'routine',
      notRules: ['sudden-circulation', 'sudden-colour-change', 'injury-circulation'],
    },
  },
  // --- Urgent: injuries (X-ray and splint today) --------------------------------------------
  {
    id: 'V17',
    story: 'Ball hit the tip of the straight middle finger; the tip now droops (mallet finger).',
    answers: {
      ...JUST_INJURED,
      ...ADULT,
      painLocation: ['Fingertip'],
      painIntensity: 'Moderate (4-6/10)',
      deformity: true,
    },
    expected: {
      level: 'urgent',
      card: 'urgent-injury',
      rules: ['injury-deformity-later'],
      notRules: ['injury-deformity'],
      words: ['mallet finger', 'splint', 'urgent treatment centre', 'minor injuries unit'],
      notWords: ['999', '911'],
      uk: ['urgent treatment centre', 'minor injuries unit'],
      us: ['urgent care clinic'],
    },
  },
  {
    id: 'V18',
    story: 'Finger bent sideways after a fall at netball this week; swollen (likely dislocation).',
    answers: {
      ...FELL_THIS_WEEK,
      ...ADULT,
      occupation: 'Sports/Athletics',
      painLocation: ['Little finger'],
      deformity: true,
      swelling: true,
    },
    expected: {
      level: 'emergency',
      card: 'emergency',
      rules: ['injury-deformity'],
      notRules: ['growing-lump'],
      words: ['joint out of place', 'A&E now'],
    },
  },
  {
    id: 'V19',
    story: 'Fell on ice onto the wrist yesterday, severe pain, no change in shape.',
    answers: {
      ...JUST_INJURED,
      ...ADULT,
      painLocation: ['Wrist'],
      painIntensity: 'Severe (7-10/10)',
    },
    expected: {
      level: 'urgent',
      card: 'urgent-injury',
      rules: ['injury-severe-pain'],
      words: ['broken bone', 'X-ray'],
    },
  },
  {
    id: 'V20',
    story: 'Grabbed a shirt in a rugby tackle; the ring fingertip will not bend (jersey finger).',
    answers: {
      ...JUST_INJURED,
      ...ADULT,
      painLocation: ['Ring finger'],
      weakness: true,
      gripDifficulty: true,
    },
    expected: {
      level: 'urgent',
      card: 'urgent-injury',
      rules: ['injury-nerve-or-tendon'],
      words: ['tendon', 'within days'],
    },
  },
  {
    id: 'V21',
    story: 'Cut the palm on glass two weeks ago; a finger still feels numb.',
    answers: {
      onsetType: 'After injury/trauma',
      duration: '1-4 weeks',
      ...ADULT,
      painLocation: ['Palm'],
      numbness: true,
    },
    expected: {
      level: 'urgent',
      rules: ['injury-nerve-or-tendon'],
      notRules: ['injury-circulation'],
      words: ['nerve'],
    },
  },
  {
    id: 'V22',
    story: 'Hand crushed three weeks ago; the finger still changes colour.',
    answers: { onsetType: 'After injury/trauma', duration: '1-4 weeks', colorChanges: true },
    expected: { level: 'urgent', rules: ['injury-nerve-or-tendon'], words: ['blood vessel'] },
  },
  {
    id: 'V23',
    story:
      'Fall on an outstretched hand; tender in the hollow at the base of the thumb, moves fine.',
    answers: {
      ...JUST_INJURED,
      ...ADULT,
      painLocation: [HOLLOW_AT_THUMB_BASE, 'Wrist'],
      painIntensity: 'Moderate (4-6/10)',
    },
    expected: {
      level: 'urgent',
      card: 'urgent-injury',
      rules: ['suspected-scaphoid'],
      words: ['scaphoid (a small wrist bone)', 'X-ray today', 'even if the pain is mild'],
    },
  },
  {
    id: 'V24',
    story: 'Same fall three weeks ago, still sore in the thumb-base hollow.',
    answers: {
      onsetType: 'After injury/trauma',
      duration: '1-4 weeks',
      painLocation: [HOLLOW_AT_THUMB_BASE],
    },
    expected: { level: 'urgent', rules: ['suspected-scaphoid'] },
  },
  {
    id: 'V25',
    story: 'Jammed a finger catching a ball; it is swollen.',
    answers: { ...FELL_THIS_WEEK, ...ADULT, painLocation: ['Index finger'], swelling: true },
    expected: {
      level: 'urgent',
      card: 'urgent-injury',
      rules: ['injury-swelling-or-stiffness'],
      words: ['sprain'],
    },
  },
  {
    id: 'V26',
    story: 'Thumb stiff and hard to move since a fall this week.',
    answers: { ...JUST_INJURED, painLocation: ['Thumb'], stiffness: true },
    expected: { level: 'urgent', rules: ['injury-swelling-or-stiffness'] },
  },
  {
    id: 'V27',
    story: 'Bad fall onto the wrist: severe pain, swelling, weak grip, thumb-base hollow tender.',
    answers: {
      ...FELL_THIS_WEEK,
      painLocation: [HOLLOW_AT_THUMB_BASE],
      painIntensity: 'Severe (7-10/10)',
      swelling: true,
      weakness: true,
    },
    expected: {
      level: 'emergency',
      card: 'emergency',
      rules: ['sudden-severe-pain'],
      notRules: ['injury-deformity'],
      words: ['pressure building in the muscles', 'A&E now'],
    },
  },
  // --- Urgent: no injury (help today) -----------------------------------------------------
  {
    id: 'V28',
    story: 'Fingers suddenly changed colour two weeks ago and still do; no injury.',
    answers: { ...ADULT, colorChanges: true, onsetType: 'Sudden onset', duration: '1-4 weeks' },
    expected: {
      level: 'urgent',
      card: 'urgent',
      rules: ['sudden-colour-change'],
      words: ['blood flow', '111'],
      uk: ['111'],
      us: ['doctor'],
    },
  },
  {
    id: 'V29',
    story: 'Woke with a numb hand two days ago, no injury.',
    answers: { ...ADULT, numbness: true, onsetType: 'Sudden onset', duration: 'Less than 1 week' },
    expected: {
      level: 'emergency',
      card: 'emergency-call',
      rules: ['sudden-nerve-symptoms'],
      words: ['stroke', 'Call 999'],
      uk: ['Call 999 now'],
      us: ['Call 911 now'],
    },
  },
  {
    id: 'V30',
    story: 'Sudden weakness of the hand, no injury, duration not answered.',
    answers: { weakness: true, onsetType: 'Sudden onset' },
    expected: { level: 'emergency', card: 'emergency-call', rules: ['sudden-nerve-symptoms'] },
  },
  {
    id: 'V31',
    story: 'Knuckle suddenly very painful and swollen overnight, no injury (gout or infection).',
    answers: {
      ...ADULT,
      painLocation: ['Index finger'],
      painIntensity: 'Severe (7-10/10)',
      swelling: true,
      onsetType: 'Sudden onset',
      duration: 'Less than 1 week',
    },
    expected: {
      level: 'urgent',
      card: 'urgent',
      rules: ['sudden-severe-swelling'],
      words: ['infection', 'hot and red', 'fever', 'go to A&E now'],
    },
  },
  {
    id: 'V32',
    story: 'The same knuckle, and the visitor ticks "hot, red, swollen with a fever" first.',
    answers: {
      painIntensity: 'Severe (7-10/10)',
      swelling: true,
      onsetType: 'Sudden onset',
      duration: 'Less than 1 week',
    },
    signs: ['hot-red-swollen'],
    expected: { level: 'emergency', rules: ['sign:hot-red-swollen'], notWords: ['get help today'] },
  },
  // --- See a GP within 2 weeks -----------------------------------------------------------
  {
    id: 'V33',
    story: 'Carpal tunnel for months, now dropping things; the thumb pad looks flatter.',
    answers: {
      painLocation: ['Thumb', 'Index finger', 'Middle finger'],
      numbness: true,
      tingling: true,
      nightPain: true,
      weakness: true,
      pinchDifficulty: true,
      onsetType: 'Gradual onset',
      duration: '3-6 months',
      age: '46-60',
    },
    expected: {
      level: 'routine',
      card: 'prompt',
      rules: ['gradual-weakness', 'pins-and-needles'],
      words: ['within 2 weeks', 'thinner', 'Do not wait'],
      notWords: ['not got better after 2 weeks'],
    },
  },
  {
    id: 'V34',
    story: 'Office worker with tingling ring and little fingers and a weak pinch (cubital tunnel).',
    answers: {
      painLocation: ['Ring finger', 'Little finger', 'Elbow'],
      tingling: true,
      weakness: true,
      pinchDifficulty: true,
      onsetType: 'After repetitive activity',
      duration: '1-3 months',
      occupation: 'Office work/Computer use',
    },
    expected: { level: 'routine', card: 'prompt', rules: ['gradual-weakness'] },
  },
  {
    id: 'V35',
    story: 'Weakness that started suddenly three weeks ago, no injury: past the 999 hours.',
    answers: { weakness: true, onsetType: 'Sudden onset', duration: '1-4 weeks' },
    expected: {
      level: 'urgent',
      card: 'urgent',
      rules: ['sudden-nerve-symptoms-later'],
      notRules: ['sudden-nerve-symptoms'],
    },
  },
  {
    id: 'V36',
    story: 'A lump on the back of the wrist for two months, slowly getting bigger (ganglion?).',
    answers: {
      painLocation: ['Wrist'],
      swelling: true,
      deformity: true,
      painTiming: 'With activity',
      onsetType: 'Gradual onset',
      duration: '1-3 months',
      ...ADULT,
    },
    expected: {
      level: 'routine',
      card: 'prompt',
      rules: ['growing-lump'],
      words: ['getting bigger', '5 cm', 'within 2 weeks', 'scan'],
    },
  },
  {
    id: 'V37',
    story: 'Hurt the hand years ago; a swelling lump has grown slowly over the last month.',
    answers: {
      previousInjury: true,
      onsetType: 'Gradual onset',
      duration: '1-4 weeks',
      swelling: true,
      deformity: true,
    },
    expected: {
      level: 'routine',
      card: 'prompt',
      rules: ['growing-lump'],
      notRules: ['injury-deformity', 'injury-swelling-or-stiffness'],
    },
  },
  {
    id: 'V38',
    story: 'Small lump by the end joint of a finger, over 60 (mucous cyst?).',
    answers: {
      painLocation: ['Middle finger'],
      swelling: true,
      deformity: true,
      stiffness: true,
      age: 'Over 60',
      onsetType: 'Gradual onset',
      duration: 'More than 6 months',
    },
    expected: { level: 'routine', card: 'prompt', rules: ['growing-lump', 'persistent-symptoms'] },
  },
  // --- Non-urgent advice ------------------------------------------------------------------
  {
    id: 'V39',
    story: 'Tennis elbow from DIY, three months.',
    answers: {
      painLocation: ['Elbow', 'Forearm'],
      painType: 'Sharp/Stabbing',
      onsetType: 'After repetitive activity',
      duration: '3-6 months',
      ...ADULT,
    },
    expected: {
      level: 'routine',
      card: 'prompt',
      rules: ['persistent-symptoms'],
      words: ['more than a month', 'within 2 weeks'],
    },
  },
  {
    id: 'V40',
    story: 'Base-of-thumb ache turning keys (thumb arthritis).',
    answers: {
      painLocation: ['Thumb'],
      pinchDifficulty: true,
      stiffness: true,
      onsetType: 'Gradual onset',
      age: '46-60',
    },
    expected: { level: 'routine', card: 'routine', rules: ['daily-activities'], words: ['pinch'] },
  },
  {
    id: 'V41',
    story: 'Occasional pins and needles in the fingers at night.',
    answers: {
      tingling: true,
      nightPain: true,
      painTiming: 'At night',
      onsetType: 'Gradual onset',
    },
    expected: { level: 'routine', card: 'routine', rules: ['pins-and-needles'] },
  },
  {
    id: 'V42',
    story: 'Wrist still aches three months after a fall.',
    answers: { onsetType: 'After injury/trauma', duration: '3-6 months', painLocation: ['Wrist'] },
    expected: {
      level: 'routine',
      card: 'prompt',
      rules: ['persistent-symptoms', 'unsettled-injury'],
      words: ['not settled'],
    },
  },
  {
    id: 'V43',
    story: 'Old sprain years ago; aching came on gradually and has lasted over six months.',
    answers: { previousInjury: true, onsetType: 'Gradual onset', duration: 'More than 6 months' },
    expected: { level: 'routine', rules: ['unsettled-injury'] },
  },
  {
    id: 'V44',
    story: 'Ring finger slowly curling into the palm over years (Dupuytren).',
    answers: {
      painLocation: ['Palm', 'Ring finger'],
      deformity: true,
      stiffness: true,
      gripDifficulty: true,
      onsetType: 'Gradual onset',
      duration: 'More than 6 months',
      age: 'Over 60',
    },
    expected: {
      level: 'routine',
      card: 'prompt',
      rules: ['growing-lump', 'persistent-symptoms'],
      notRules: ['injury-deformity'],
      words: ['change in shape', 'getting bigger', 'within 2 weeks'],
    },
  },
  {
    id: 'V45',
    story: 'A 15-year-old with a sore wrist after lots of gaming.',
    answers: {
      age: 'Under 18',
      painLocation: ['Wrist'],
      onsetType: 'After repetitive activity',
      duration: '1-4 weeks',
    },
    expected: { level: 'routine', rules: ['under-18'], words: ['adults', 'GP or pharmacist'] },
  },
  {
    id: 'V46',
    story:
      'A 16-year-old who fell skateboarding today: swollen wrist. A&E, as the parent advice says.',
    answers: { ...JUST_INJURED, age: 'Under 18', painLocation: ['Wrist'], swelling: true },
    expected: {
      level: 'emergency',
      card: 'emergency',
      rules: ['child-injury', 'under-18'],
      words: ['growing part of a bone', 'take an injured child to A&E'],
    },
  },
  {
    id: 'V47',
    story: 'Finger that clicks and locks in the morning (trigger finger), for three weeks.',
    answers: {
      triggerFinger: true,
      clickingSound: true,
      painTiming: 'In the morning',
      onsetType: 'Gradual onset',
      duration: '1-4 weeks',
      ...ADULT,
    },
    expected: { level: 'routine', card: 'routine' },
  },
  {
    id: 'V48',
    story: "New parent with pain on the thumb side of the wrist lifting the baby (de Quervain's).",
    answers: {
      painLocation: ['Thumb', 'Wrist'],
      painType: 'Sharp/Stabbing',
      onsetType: 'After repetitive activity',
      duration: '1-4 weeks',
      age: '31-45',
    },
    expected: { level: 'routine', card: 'routine', notRules: ['suspected-scaphoid'] },
  },
  // --- An old injury is not a recent injury ----------------------------------------------
  {
    id: 'V49',
    story: 'Broke the wrist years ago; swelling and stiffness came on gradually this month.',
    answers: {
      previousInjury: true,
      onsetType: 'Gradual onset',
      duration: '1-4 weeks',
      painLocation: ['Wrist'],
      swelling: true,
      stiffness: true,
    },
    expected: {
      level: 'routine',
      notRules: ['injury-swelling-or-stiffness', 'injury-severe-pain'],
    },
  },
  {
    id: 'V50',
    story: 'Old hand injury; numbness after weeks of repetitive work this month.',
    answers: {
      previousInjury: true,
      onsetType: 'After repetitive activity',
      duration: '1-4 weeks',
      numbness: true,
    },
    expected: {
      level: 'routine',
      rules: ['pins-and-needles'],
      notRules: ['injury-circulation', 'injury-nerve-or-tendon'],
    },
  },
  {
    id: 'V51',
    story: 'Injured the hand before, and this week the finger suddenly went out of shape.',
    answers: { ...FELL_THIS_WEEK, deformity: true, painLocation: ['Little finger'] },
    expected: { level: 'emergency', card: 'emergency', rules: ['injury-deformity'] },
  },
  // --- Missing answers never lower the card ----------------------------------------------
  {
    id: 'V52',
    story: 'Symptoms after an injury with a swollen hand; duration skipped.',
    answers: { onsetType: 'After injury/trauma', swelling: true },
    expected: { level: 'urgent', rules: ['injury-swelling-or-stiffness'] },
  },
  {
    id: 'V53',
    story: 'Only "injured before" and numbness ticked; onset and duration skipped.',
    answers: { previousInjury: true, numbness: true },
    expected: { level: 'emergency', rules: ['injury-circulation'] },
  },
  // --- Country wording ----------------------------------------------------------------------
  {
    id: 'V54',
    story: 'A US visitor with a suddenly blue hand: the emergency room and 911, not urgent care.',
    answers: { colorChanges: true, onsetType: 'Sudden onset', duration: 'Less than 1 week' },
    expected: {
      level: 'emergency',
      uk: ['Go to A&E now', 'Call 999 if it is life-threatening'],
      us: [
        'Go to the emergency room (ER) now',
        'Call 911 if it is life-threatening',
        'urgent care clinic is not an emergency room',
      ],
      words: ['Go to A&E now (UK) or the emergency room (US)'],
    },
  },
  {
    id: 'V55',
    story:
      'A UK visitor with a mallet finger: urgent treatment centre or minor injuries unit, not 999.',
    answers: { ...JUST_INJURED, deformity: true, painLocation: ['Fingertip'] },
    expected: {
      level: 'urgent',
      card: 'urgent-injury',
      uk: ['urgent treatment centre or minor injuries unit', '111'],
      us: ['urgent care clinic'],
      notWords: ['999', 'A&E or call'],
    },
  },
  {
    id: 'V56',
    story:
      'Hand went numb suddenly two weeks ago, no injury: 111 or an urgent GP (UK); your doctor or urgent care (US).',
    answers: { numbness: true, onsetType: 'Sudden onset', duration: '1-4 weeks' },
    expected: {
      level: 'urgent',
      card: 'urgent',
      uk: ['Call 111', 'urgent appointment'],
      us: ['See your doctor', 'urgent care clinic'],
    },
  },
  {
    id: 'V57',
    story: 'Gradual weakness: a GP (UK) or your doctor (US) within 2 weeks.',
    answers: { weakness: true, onsetType: 'Gradual onset', duration: '1-3 months' },
    expected: {
      level: 'routine',
      card: 'prompt',
      uk: ['GP appointment within 2 weeks'],
      us: ['See your doctor within 2 weeks'],
    },
  },
  // --- A low match must not hide an urgent card (misleading priority label) -------------
  {
    id: 'V58',
    story: 'Injured before, sudden thumb-base hollow pain this week: Broken Bone shows "Low".',
    answers: { ...FELL_THIS_WEEK, painLocation: [HOLLOW_AT_THUMB_BASE] },
    expected: { level: 'urgent', card: 'urgent-injury', rules: ['suspected-scaphoid'] },
  },
  {
    id: 'V59',
    story: 'Fingertip will not bend after a grab, weak grip (jersey finger).',
    answers: {
      ...FELL_THIS_WEEK,
      painLocation: ['Ring finger'],
      weakness: true,
      gripDifficulty: true,
    },
    expected: { level: 'urgent', card: 'urgent-injury', rules: ['injury-nerve-or-tendon'] },
  },
  {
    id: 'V60',
    story: 'Swollen little finger after a fall this week (broken bone?).',
    answers: { ...FELL_THIS_WEEK, painLocation: ['Little finger'], swelling: true },
    expected: { level: 'urgent', card: 'urgent-injury', rules: ['injury-swelling-or-stiffness'] },
  },
  // --- Cold sensitivity and colour change without a sudden start ----------------------------
  {
    id: 'V61',
    story: 'Exquisitely tender spot under a nail, sharp pain in the cold, for a year (glomus).',
    answers: {
      painLocation: ['Fingertip'],
      painIntensity: 'Severe (7-10/10)',
      painType: 'Sharp/Stabbing',
      coldSensitivity: true,
      nightPain: true,
      onsetType: 'Gradual onset',
      duration: 'More than 6 months',
    },
    expected: {
      level: 'routine',
      notRules: ['sudden-circulation', 'sudden-severe-swelling'],
      rules: ['persistent-symptoms'],
    },
  },
  {
    id: 'V62',
    story: "Fingers go white then blue in the cold, for years (Raynaud's).",
    answers: {
      colorChanges: true,
      coldSensitivity: true,
      onsetType: 'Gradual onset',
      duration: 'More than 6 months',
      age: '18-30',
    },
    expected: {
      level: 'routine',
      notRules: ['sudden-circulation', 'sudden-colour-change'],
    },
  },
  {
    id: 'V63',
    story: 'Classic carpal tunnel: numb, tingling thumb and fingers at night, no weakness.',
    answers: {
      painLocation: ['Thumb', 'Index finger', 'Middle finger'],
      numbness: true,
      tingling: true,
      nightPain: true,
      onsetType: 'Gradual onset',
      duration: '3-6 months',
      gripDifficulty: true,
    },
    expected: {
      level: 'routine',
      card: 'prompt',
      rules: ['persistent-symptoms', 'daily-activities', 'pins-and-needles'],
    },
  },
  {
    id: 'V64',
    story: 'Felt a pop at the front of the elbow lifting a wardrobe today; weak, swollen (biceps).',
    answers: {
      ...JUST_INJURED,
      painLocation: ['Elbow'],
      weakness: true,
      swelling: true,
      painIntensity: 'Moderate (4-6/10)',
    },
    expected: {
      level: 'urgent',
      card: 'urgent-injury',
      rules: ['injury-nerve-or-tendon', 'injury-swelling-or-stiffness'],
      words: ['tendon', 'within days'],
    },
  },
  {
    id: 'V65',
    story: 'Sudden painful swelling with no injury, but two months ago: no longer a same-day card.',
    answers: {
      painIntensity: 'Severe (7-10/10)',
      swelling: true,
      onsetType: 'Sudden onset',
      duration: '1-3 months',
    },
    expected: {
      level: 'routine',
      rules: ['persistent-symptoms'],
      notRules: ['sudden-severe-swelling'],
    },
  },
  {
    id: 'V66',
    story: 'Every emergency sign ticked: one reason each, in the order of the check.',
    answers: {},
    signs: [
      'hot-red-swollen',
      'bite-puncture-injection',
      'knuckle-bite',
      'deep-cut',
      'injury-numb-tingling',
      'bone-deformed',
      'cold-pale-blue',
      'crush-or-cast-pain',
      'heavy-bleeding',
      'sepsis',
      'heart-arm-pain',
      'stroke-heart',
    ],
    expected: {
      level: 'emergency',
      card: 'emergency-call',
      rules: [
        'sign:stroke-heart',
        'sign:heart-arm-pain',
        'sign:sepsis',
        'sign:heavy-bleeding',
        'sign:crush-or-cast-pain',
        'sign:cold-pale-blue',
        'sign:bone-deformed',
        'sign:injury-numb-tingling',
        'sign:deep-cut',
        'sign:knuckle-bite',
        'sign:bite-puncture-injection',
        'sign:hot-red-swollen',
      ],
    },
  },
  {
    id: 'V67',
    story: 'Mallet finger and a sign the bone is through the skin: the sign makes it A&E.',
    answers: { ...JUST_INJURED, deformity: true, painLocation: ['Fingertip'] },
    signs: ['bone-deformed'],
    expected: {
      level: 'emergency',
      card: 'emergency',
      rules: ['sign:bone-deformed'],
      words: ['Go to A&E now'],
    },
  },
  // --- Children (outside the intended use) ------------------------------------------------
  {
    id: 'V68',
    story: 'A 14-year-old whose finger is still swollen three weeks after a fall.',
    answers: {
      onsetType: 'After injury/trauma',
      duration: '1-4 weeks',
      age: 'Under 18',
      swelling: true,
    },
    expected: {
      level: 'urgent',
      card: 'urgent-injury',
      // The advice to parents is shown at every level, never hidden by the urgent card.
      rules: ['injury-swelling-or-stiffness', 'under-18'],
      notRules: ['child-injury'],
      words: ['GP or pharmacist'],
    },
  },
];
