import { CARE_LEVELS, SAFETY_NET, careAdvice } from './care-advice';
import { CARE_RULES, injured } from './care-rules';
import { CONDITIONS } from './conditions';
import { type Answers, HOLLOW_AT_THUMB_BASE, emptyAnswers } from './options';

/*
 * One test per finding of the clinical review that lives in the care layer; each states the
 * corrected advice, so the rule it replaced fails.
 */

function answers(overrides: Partial<Answers>): Answers {
  return { ...emptyAnswers(), ...overrides };
}

const justInjured: Partial<Answers> = {
  onsetType: 'After injury/trauma',
  duration: 'Less than 1 week',
};

describe('issue 26, finding 1: infection and injection injuries', () => {
  it('the always-shown safety net names infection, bites, punctures and high-pressure injection', () => {
    expect(SAFETY_NET).toMatch(/hot, red, swollen/);
    expect(SAFETY_NET).toMatch(/fever/);
    expect(SAFETY_NET).toMatch(/bite/);
    expect(SAFETY_NET).toMatch(/puncture/);
    expect(SAFETY_NET).toMatch(/high-pressure/);
    expect(SAFETY_NET).toMatch(/A&E/);
  });

  it('the emergency check reaches the card: a bite makes routine answers an emergency', () => {
    const signs = ['bite-puncture-injection'] as const;
    const advice = careAdvice(answers({ duration: 'Less than 1 week' }), signs);
    expect(advice.level).toBe('emergency');
    expect(advice.reasons.join(' ')).toMatch(/bite/);
  });
});

describe('issue 26, finding 2: a sudden cold, pale, white or blue hand', () => {
  it('sudden colour change in the last week is an emergency, without any cold sensitivity', () => {
    const advice = careAdvice(
      answers({ onsetType: 'Sudden onset', colorChanges: true, duration: 'Less than 1 week' }),
    );
    expect(advice.level).toBe('emergency');
    expect(advice.ruleIds).toContain('sudden-circulation');
    expect(advice.reasons.join(' ')).toMatch(/cold, pale, white or blue/);
  });

  it('"sensitivity to cold" is not read as "cold to touch": it never changes a circulation rule', () => {
    const circulation = CARE_RULES.filter((rule) => /circulation|colour/.test(rule.id));
    expect(circulation.length).toBeGreaterThan(0);
    for (const onsetType of ['Sudden onset', 'After injury/trauma', 'Gradual onset', '']) {
      for (const colorChanges of [true, false]) {
        const without = answers({ onsetType, colorChanges, duration: 'Less than 1 week' });
        const withCold = { ...without, coldSensitivity: true };
        for (const rule of circulation) {
          expect([rule.id, rule.applies(withCold)]).toEqual([rule.id, rule.applies(without)]);
        }
      }
    }
    expect(careAdvice(answers({ onsetType: 'Sudden onset', coldSensitivity: true })).level).toBe(
      'routine',
    );
  });
});

describe('issue 26, finding 3: after an injury, blue OR numb goes to A&E', () => {
  it.each([
    ['looks blue (colour change alone)', { colorChanges: true }],
    ['feels numb (numbness alone)', { numbness: true }],
  ])('%s', (_case, flags) => {
    const advice = careAdvice(answers({ ...justInjured, ...flags }));
    expect(advice.level).toBe('emergency');
    expect(advice.ruleIds).toContain('injury-circulation');
    expect(advice.action).toMatch(/^Go to A&E/);
  });
});

describe('issue 26, finding 5: wording of the care levels', () => {
  it('a suspected fracture sends you to an urgent treatment centre, minor injuries unit or urgent care for an X-ray and splint', () => {
    const scaphoid = careAdvice(
      answers({ ...justInjured, painLocation: [HOLLOW_AT_THUMB_BASE, 'Wrist'] }),
    );
    expect(scaphoid.level).toBe('urgent');
    expect(scaphoid.action).toMatch(/urgent treatment centre/);
    expect(scaphoid.action).toMatch(/minor injuries unit/);
    expect(scaphoid.action).toMatch(/urgent care/);
    expect(scaphoid.action).toMatch(/X-ray/);
    expect(scaphoid.action).toMatch(/splint/);
  });

  it('emergency reads "Go to A&E" first; 999 only when life-threatening or you cannot get there; US: the emergency room, 911, and urgent care is not one', () => {
    const { action } = CARE_LEVELS.emergency;
    expect(action).toMatch(/^Go to A&E/);
    expect(action).toMatch(/emergency room/);
    expect(action).toMatch(/999.*911.*(life-threatening|cannot get there)/);
    expect(action).toMatch(/urgent care (clinic )?is not an emergency room/i);
    expect(action.indexOf('999')).toBeGreaterThan(action.indexOf('A&E'));
  });

  it('a drooping fingertip after an injury (mallet finger) is urgent, not A&E or 999 (rewritten by issue 36: any other change in shape is A&E)', () => {
    const mallet = careAdvice(
      answers({ ...justInjured, deformity: true, painLocation: ['Fingertip'] }),
    );
    expect(mallet.level).toBe('urgent');
    expect(mallet.action).not.toMatch(/999|911/);
    expect(mallet.reasons.join(' ')).not.toMatch(/999|911/);
    expect(mallet.reasons.join(' ')).toMatch(/mallet finger/);
    expect(mallet.action).toMatch(/splint/);
  });
});

describe('issue 26, finding 6: false reassurance and missing timescales', () => {
  it('the Ganglion text says "usually harmless" and to have a new lump checked', () => {
    const ganglion = CONDITIONS.find((c) => c.name === 'Ganglion Cyst');
    expect(ganglion?.description).toMatch(/usually harmless/);
    expect(ganglion?.description).not.toMatch(/^A harmless/);
    expect(ganglion?.description).toMatch(/checked/);
  });

  it('gradual weakness (or muscle wasting) gets a prompt GP visit within 2 weeks, not "wait 2 weeks"', () => {
    const advice = careAdvice(
      answers({ weakness: true, onsetType: 'Gradual onset', duration: '3-6 months' }),
    );
    expect(advice.ruleIds).toContain('gradual-weakness');
    expect(advice.title).toBe('See a GP soon');
    expect(advice.action).toMatch(/within 2 weeks/);
    expect(advice.action).not.toMatch(/not improved after 2 weeks/);
    expect(advice.reasons.join(' ')).toMatch(/thinner/);
  });

  it('a lump with swelling names the NICE NG12 signs (growing, over about 5 cm) and a 2-week timescale', () => {
    const advice = careAdvice(
      answers({
        swelling: true,
        deformity: true,
        onsetType: 'Gradual onset',
        duration: '1-3 months',
      }),
    );
    expect(advice.ruleIds).toContain('growing-lump');
    expect(advice.action).toMatch(/within 2 weeks/);
    expect(advice.reasons.join(' ')).toMatch(/bigger/);
    expect(advice.reasons.join(' ')).toMatch(/5 cm/);
  });

  it('sudden severe swelling without an injury tells you to go to A&E now if it is hot and red or you have a fever', () => {
    const advice = careAdvice(
      answers({
        onsetType: 'Sudden onset',
        painIntensity: 'Severe (7-10/10)',
        swelling: true,
        duration: '1-4 weeks',
      }),
    );
    expect(advice.level).toBe('urgent');
    expect(advice.reasons.join(' ')).toMatch(/hot.*fever.*A&E now|fever.*go to A&E now/);
  });
});

describe('issue 26, finding 7: an old injury is not a recent injury', () => {
  it('injured() is false for a past injury when the symptoms came on gradually or after repetitive use', () => {
    expect(injured(answers({ previousInjury: true, onsetType: 'Gradual onset' }))).toBe(false);
    expect(injured(answers({ previousInjury: true, onsetType: 'After repetitive activity' }))).toBe(
      false,
    );
    expect(injured(answers({ onsetType: 'After injury/trauma' }))).toBe(true);
    expect(injured(answers({ previousInjury: true, onsetType: 'Sudden onset' }))).toBe(true);
  });

  it('swelling that came on gradually in someone injured years ago is not an urgent injury card', () => {
    const advice = careAdvice(
      answers({
        previousInjury: true,
        onsetType: 'Gradual onset',
        duration: '1-4 weeks',
        swelling: true,
        stiffness: true,
      }),
    );
    expect(advice.ruleIds).not.toContain('injury-swelling-or-stiffness');
    // From the care table: swollen, stiff joints for weeks are NICE NG100's urgent referral.
    expect([advice.level, advice.card, advice.ruleIds]).toEqual([
      'routine',
      'prompt',
      ['inflamed-joints'],
    ]);
  });

  it("under-18 advice matches the site's advice to parents, at every level, and an injured child goes to A&E", () => {
    const child = careAdvice(answers({ age: 'Under 18', duration: '1-3 months' }));
    expect(child.reasons.join(' ')).toMatch(/GP or pharmacist \(UK\) or their doctor \(US\)/);
    expect(child.reasons.join(' ')).toMatch(
      /After an injury.*A&E \(UK\) or the emergency room \(US\)/,
    );
    const injuredChild = careAdvice(answers({ ...justInjured, age: 'Under 18', swelling: true }));
    expect(injuredChild.level).toBe('emergency');
    expect(injuredChild.ruleIds).toEqual(['child-injury', 'under-18']);
  });
});

/*
 * Realistic cases written against the NHS pages once fell below them. One test per class
 * of finding, from the answers alone (the visitor ticked "None of these").
 */
const rank = {
  routine: 0,
  prompt: 1,
  'urgent-injury': 2,
  urgent: 2,
  emergency: 3,
  'emergency-call': 4,
};
const cardRank = (a: Partial<Answers>) => rank[careAdvice(answers(a)).card];

describe('issue 36, finding 1: a changed shape after an injury', () => {
  it('goes to A&E in the first week, unless the fingertip alone is named (then urgent)', () => {
    const wrist = careAdvice(
      answers({
        ...justInjured,
        painLocation: ['Wrist'],
        painIntensity: 'Severe (7-10/10)',
        swelling: true,
        deformity: true,
      }),
    );
    expect([wrist.level, wrist.card]).toEqual(['emergency', 'emergency']);
    expect(wrist.ruleIds).toContain('injury-deformity');
    for (const place of ['Index finger', 'Thumb', 'Elbow', 'Forearm']) {
      expect([place, cardRank({ ...justInjured, painLocation: [place], deformity: true })]).toEqual(
        [place, rank.emergency],
      );
    }
    const tip = careAdvice(
      answers({ ...justInjured, painLocation: ['Fingertip'], deformity: true }),
    );
    expect([tip.level, tip.card]).toEqual(['urgent', 'urgent-injury']);
  });
});

describe('issue 36, finding 2: tingling or pins and needles after a fresh injury', () => {
  it('is A&E, like numbness', () => {
    const advice = careAdvice(answers({ ...justInjured, painLocation: ['Wrist'], tingling: true }));
    expect(advice.level).toBe('emergency');
    expect(advice.ruleIds).toContain('injury-circulation');
  });
});

describe('issue 36, finding 3: severe pain after a crush or in a cast (compartment syndrome)', () => {
  it('severe pain with swelling or numbness in the first week after an injury is A&E', () => {
    for (const flag of ['swelling', 'numbness'] as const) {
      expect(
        cardRank({
          ...justInjured,
          painIntensity: 'Severe (7-10/10)',
          painLocation: ['Forearm'],
          [flag]: true,
        }),
      ).toBeGreaterThanOrEqual(rank.emergency);
    }
  });

  it('the emergency check asks about it directly, and it is a 999 call', () => {
    expect(careAdvice(answers({}), ['crush-or-cast-pain']).card).toBe('emergency-call');
  });
});

describe('issue 36, finding 4: a fall onto the wrist with mild or moderate pain', () => {
  it('gets the same-day X-ray card, whatever the strength, and says why', () => {
    for (const painIntensity of ['Mild (1-3/10)', 'Moderate (4-6/10)']) {
      for (const duration of ['Less than 1 week', '1-4 weeks']) {
        const advice = careAdvice(
          answers({
            onsetType: 'After injury/trauma',
            duration,
            painIntensity,
            painLocation: ['Wrist', 'Thumb'],
          }),
        );
        expect([painIntensity, duration, advice.card]).toEqual([
          painIntensity,
          duration,
          'urgent-injury',
        ]);
        expect(advice.reasons.join(' ')).toMatch(/X-ray today/);
      }
    }
  });
});

describe('issue 36, finding 5: a possible stroke or heart attack', () => {
  it('a sudden weak or numb hand in an older person is a 999 call, first in the card', () => {
    const advice = careAdvice(
      answers({
        age: 'Over 60',
        onsetType: 'Sudden onset',
        duration: 'Less than 1 week',
        weakness: true,
        painLocation: ['Palm'],
      }),
    );
    expect(advice.card).toBe('emergency-call');
    expect(advice.title).toMatch(/call 999 or 911/);
    expect(advice.actions.uk).toMatch(/^Call 999 now/);
  });

  it('arm pain with sweating, sickness or breathlessness is asked in the check, and is a 999 call', () => {
    const advice = careAdvice(answers({ painLocation: ['Forearm'] }), ['heart-arm-pain']);
    expect(advice.card).toBe('emergency-call');
    expect(advice.reasons[0]).toMatch(/heart attack, even with no chest pain/);
  });
});

describe('issue 36, finding 6: slow red flags never get self-care', () => {
  it.each<[string, Partial<Answers>]>([
    [
      'a lump without swelling',
      { deformity: true, onsetType: 'Gradual onset', duration: '1-3 months' },
    ],
    [
      'night bone pain over 60',
      { age: 'Over 60', nightPain: true, onsetType: 'Gradual onset', duration: '1-4 weeks' },
    ],
    [
      'rest pain over 60',
      { age: 'Over 60', painTiming: 'At rest', onsetType: 'Gradual onset', duration: '1-4 weeks' },
    ],
    [
      'swollen, stiff small joints in both hands for weeks',
      {
        painLocation: ['Index finger', 'Middle finger', 'Ring finger'],
        swelling: true,
        stiffness: true,
        painTiming: 'In the morning',
        onsetType: 'Gradual onset',
        duration: '1-4 weeks',
      },
    ],
    [
      'symptoms for months',
      { painLocation: ['Elbow'], onsetType: 'Gradual onset', duration: '3-6 months' },
    ],
  ])('%s: a GP within 2 weeks', (_story, overrides) => {
    expect(careAdvice(answers(overrides)).card).toBe('prompt');
  });
});

describe("issue 36, finding 7: a child's red, warm, swollen finger", () => {
  it('is not headed "Non-urgent advice" while its reason says A&E', () => {
    const advice = careAdvice(
      answers({
        age: 'Under 18',
        painLocation: ['Index finger'],
        swelling: true,
        onsetType: 'Gradual onset',
        duration: 'Less than 1 week',
      }),
    );
    expect(advice.level).toBe('emergency');
    expect(advice.title).not.toMatch(/Non-urgent/);
  });
});

describe('issue 36: an infection is never sent for an X-ray and a splint', () => {
  it('the urgent card follows the reasons: infection signs get the general urgent card', () => {
    const advice = careAdvice(
      answers({
        onsetType: 'Gradual onset',
        duration: '1-4 weeks',
        swelling: true,
        colorChanges: true,
        painLocation: ['Middle finger'],
      }),
    );
    expect([advice.level, advice.card]).toEqual(['urgent', 'urgent']);
    expect(advice.action).not.toMatch(/X-ray|splint/);
  });
});
