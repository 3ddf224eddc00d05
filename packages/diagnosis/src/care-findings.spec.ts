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
    expect(SAFETY_NET).toMatch(/hot, red and swollen/);
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

  it('a change in shape after an injury (a visible lump, a drooping fingertip) is not a 999 emergency', () => {
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
      answers({ swelling: true, deformity: true, onsetType: 'Gradual onset' }),
    );
    expect(advice.ruleIds).toContain('growing-lump');
    expect(advice.action).toMatch(/within 2 weeks/);
    expect(advice.reasons.join(' ')).toMatch(/bigger/);
    expect(advice.reasons.join(' ')).toMatch(/5 cm/);
  });

  it('sudden severe swelling without an injury tells you to go to A&E now if it is hot and red or you have a fever', () => {
    const advice = careAdvice(
      answers({ onsetType: 'Sudden onset', painIntensity: 'Severe (7-10/10)', swelling: true }),
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
    expect(advice.level).toBe('routine');
    expect(advice.ruleIds).not.toContain('injury-swelling-or-stiffness');
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
