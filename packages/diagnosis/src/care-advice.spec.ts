import fc from 'fast-check';
import { CARE_CARDS, CARE_LEVELS, SAFETY_NET, careAdvice } from './care-advice';
import { CARE_RULES, anyInjury, injured, recent, veryRecent } from './care-rules';
import { type Answers, HOLLOW_AT_THUMB_BASE, emptyAnswers } from './options';

function answers(overrides: Partial<Answers>): Answers {
  return { ...emptyAnswers(), ...overrides };
}

const fallFromBike: Partial<Answers> = {
  previousInjury: true,
  onsetType: 'Sudden onset',
  duration: 'Less than 1 week',
};

describe('care rules', () => {
  it('are data with unique ids, a level, a card of that level, a reason and a named source', () => {
    const ids = CARE_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of CARE_RULES) {
      expect(rule.id).toMatch(/^[a-z0-9-]+$/);
      expect(['emergency', 'urgent', 'routine']).toContain(rule.level);
      expect([rule.id, CARE_CARDS[rule.card].level]).toEqual([rule.id, rule.level]);
      expect(rule.reason).toMatch(/^[A-Z].*\.$/);
      expect(rule.source.length).toBeGreaterThan(10);
      expect(typeof rule.applies).toBe('function');
    }
  });

  it('name NHS guidance as the source of every emergency and urgent rule, NICE or the NHS for the 2-week ones', () => {
    for (const rule of CARE_RULES.filter((r) => r.level !== 'routine')) {
      expect(rule.source).toMatch(/NHS/);
    }
    for (const rule of CARE_RULES.filter((r) => r.card === 'prompt')) {
      expect(rule.source).toMatch(/NICE|NHS/);
    }
  });

  it('are listed from most to least serious', () => {
    const order = CARE_RULES.map((rule) => ['emergency', 'urgent', 'routine'].indexOf(rule.level));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});

describe('injury helpers', () => {
  it('injured: symptoms that began with an injury (a past injury counts only with a sudden or unanswered onset)', () => {
    expect(injured(answers({ onsetType: 'After injury/trauma' }))).toBe(true);
    expect(injured(answers({ previousInjury: true, onsetType: 'Sudden onset' }))).toBe(true);
    // Conservative: a missing answer never lowers the level.
    expect(injured(answers({ previousInjury: true }))).toBe(true);
    expect(injured(answers({ previousInjury: true, onsetType: 'Gradual onset' }))).toBe(false);
    expect(injured(answers({ onsetType: 'Sudden onset' }))).toBe(false);
  });

  it('anyInjury: any injury in the story, however long ago', () => {
    expect(anyInjury(answers({ previousInjury: true, onsetType: 'Gradual onset' }))).toBe(true);
    expect(anyInjury(answers({ onsetType: 'After injury/trauma' }))).toBe(true);
    expect(anyInjury(answers({ onsetType: 'Sudden onset' }))).toBe(false);
  });

  it('veryRecent: under a week, or unanswered', () => {
    expect(veryRecent(answers({}))).toBe(true);
    expect(veryRecent(answers({ duration: 'Less than 1 week' }))).toBe(true);
    expect(veryRecent(answers({ duration: '1-4 weeks' }))).toBe(false);
  });

  it('recent: up to 4 weeks, or unanswered', () => {
    expect(recent(answers({}))).toBe(true);
    expect(recent(answers({ duration: 'Less than 1 week' }))).toBe(true);
    expect(recent(answers({ duration: '1-4 weeks' }))).toBe(true);
    expect(recent(answers({ duration: '1-3 months' }))).toBe(false);
    expect(recent(answers({ duration: 'More than 6 months' }))).toBe(false);
  });
});

describe('careAdvice', () => {
  it('gives the non-urgent card with no reasons when nothing is flagged', () => {
    expect(careAdvice(emptyAnswers())).toEqual({
      level: 'routine',
      card: 'routine',
      tone: 'blue',
      title: 'Non-urgent advice',
      action: CARE_LEVELS.routine.action,
      actions: CARE_LEVELS.routine.actions,
      reasons: [],
      ruleIds: [],
      safetyNet: SAFETY_NET,
    });
  });

  it('words each card for the UK and the US, and combines them in the action', () => {
    for (const card of Object.values(CARE_CARDS)) {
      expect(card.actions.uk).not.toMatch(/911|\bER\b|US\)/);
      expect(card.actions.us).not.toMatch(/999|A&E|111|\bGP\b/);
      expect(card.action).toMatch(/\(UK\)/);
      expect(card.action).toMatch(/\(US\)/);
    }
    expect(CARE_LEVELS.emergency.actions.uk).toMatch(/^Go to A&E now\. Call 999 if/);
    expect(CARE_LEVELS.emergency.actions.us).toMatch(
      /^Go to the emergency room \(ER\) now\. Call 911 if/,
    );
    expect(CARE_CARDS['urgent-injury'].actions.uk).toMatch(
      /urgent treatment centre or minor injuries unit/,
    );
    expect(CARE_CARDS['urgent-injury'].actions.us).toMatch(/urgent care clinic/);
    expect(CARE_LEVELS.urgent.actions.uk).toMatch(/111/);
    expect(CARE_CARDS.prompt.action).toMatch(/within 2 weeks/);
    expect(CARE_LEVELS.routine.action).toMatch(/GP/);
  });

  describe('emergency', () => {
    it('a colour change or numbness in the first week after an injury', () => {
      const advice = careAdvice(answers({ ...fallFromBike, colorChanges: true, numbness: true }));
      expect(advice).toMatchObject({
        level: 'emergency',
        card: 'emergency',
        tone: 'red',
        title: 'Emergency: get help now',
        action: CARE_LEVELS.emergency.action,
        ruleIds: ['injury-circulation'],
      });
      expect(careAdvice(answers({ previousInjury: true, colorChanges: true })).level).toBe(
        'emergency',
      );
      // "Sensitivity to cold" is not a cold hand: it adds nothing to the injury's own card.
      expect(careAdvice(answers({ ...fallFromBike, coldSensitivity: true }))).toEqual(
        careAdvice(answers(fallFromBike)),
      );
      for (const flag of ['tingling', 'numbness', 'colorChanges'] as const) {
        expect([flag, careAdvice(answers({ ...fallFromBike, [flag]: true })).level]).toEqual([
          flag,
          'emergency',
        ]);
      }
    });

    it('after the first week the same signs are urgent, not A&E', () => {
      const advice = careAdvice(
        answers({ ...fallFromBike, duration: '1-4 weeks', colorChanges: true }),
      );
      expect(advice.level).toBe('urgent');
      expect(advice.ruleIds).toEqual(['injury-nerve-or-tendon']);
    });

    it('lists every emergency reason, and only those', () => {
      const advice = careAdvice(
        answers({
          ...fallFromBike,
          deformity: true,
          colorChanges: true,
          numbness: true,
          painIntensity: 'Severe (7-10/10)',
        }),
      );
      expect(advice.level).toBe('emergency');
      expect(advice.ruleIds).toEqual([
        'injury-deformity',
        'injury-circulation',
        'sudden-severe-pain',
      ]);
      expect(advice.reasons).toHaveLength(3);
    });

    it('emergency signs come first, then the rules of the same level', () => {
      const advice = careAdvice(answers({ ...fallFromBike, numbness: true }), ['cold-pale-blue']);
      expect(advice.ruleIds).toEqual(['sign:cold-pale-blue', 'injury-circulation']);
    });
  });

  describe('urgent', () => {
    it('severe pain 1 to 4 weeks after an injury: the injury card (X-ray and splint today)', () => {
      const advice = careAdvice(
        answers({ ...fallFromBike, duration: '1-4 weeks', painIntensity: 'Severe (7-10/10)' }),
      );
      expect(advice).toMatchObject({
        level: 'urgent',
        card: 'urgent-injury',
        tone: 'orange',
        title: 'Urgent: get help today',
        action: CARE_CARDS['urgent-injury'].action,
        ruleIds: ['injury-severe-pain'],
      });
    });

    it('a change in shape in the first week after an injury is A&E, at the fingertip alone urgent (mallet finger), and never 999', () => {
      const advice = careAdvice(answers({ ...fallFromBike, deformity: true }));
      expect([advice.card, advice.ruleIds]).toEqual(['emergency', ['injury-deformity']]);
      expect(
        careAdvice(answers({ onsetType: 'After injury/trauma', deformity: true })).ruleIds,
      ).toEqual(['injury-deformity']);
      expect(advice.reasons.join(' ')).toMatch(/A&E now/);
      expect(advice.card).not.toBe('emergency-call');
      const fingertip = careAdvice(
        answers({ ...fallFromBike, deformity: true, painLocation: ['Fingertip'] }),
      );
      expect([fingertip.card, fingertip.ruleIds]).toEqual([
        'urgent-injury',
        ['injury-deformity-later', 'fresh-injury'],
      ]);
      const weeksLater = careAdvice(
        answers({ ...fallFromBike, duration: '1-4 weeks', deformity: true }),
      );
      expect([weeksLater.card, weeksLater.ruleIds]).toEqual([
        'urgent-injury',
        ['injury-deformity-later'],
      ]);
    });

    it('not an injury card for a deformity with a long-ago injury and gradual onset: a GP within 2 weeks', () => {
      const advice = careAdvice(
        answers({ previousInjury: true, onsetType: 'Gradual onset', deformity: true }),
      );
      expect([advice.level, advice.card]).toEqual(['routine', 'prompt']);
      expect(advice.ruleIds).toEqual(['growing-lump']);
    });

    it('not for a deformity months after the injury', () => {
      const advice = careAdvice(
        answers({ ...fallFromBike, duration: '3-6 months', deformity: true }),
      );
      expect(advice.level).toBe('routine');
      expect(advice.ruleIds).toContain('unsettled-injury');
    });

    it('any injury in the first week is checked the same day, however mild; a finger 1 to 4 weeks on with moderate pain alone is not', () => {
      for (const painIntensity of ['Mild (1-3/10)', 'Moderate (4-6/10)']) {
        const advice = careAdvice(
          answers({ ...fallFromBike, painLocation: ['Ring finger'], painIntensity }),
        );
        expect([advice.card, advice.ruleIds]).toEqual(['urgent-injury', ['fresh-injury']]);
      }
      expect(
        careAdvice(
          answers({
            ...fallFromBike,
            duration: '1-4 weeks',
            painLocation: ['Ring finger'],
            painIntensity: 'Moderate (4-6/10)',
          }),
        ).level,
      ).toBe('routine');
    });

    it.each(['numbness', 'weakness', 'colorChanges'] as const)(
      '%s 1 to 4 weeks after an injury',
      (flag) => {
        expect(
          careAdvice(
            answers({ onsetType: 'After injury/trauma', duration: '1-4 weeks', [flag]: true }),
          ).ruleIds,
        ).toEqual(['injury-nerve-or-tendon']);
      },
    );

    it('weakness in the first week after an injury (a torn tendon) is urgent', () => {
      expect(
        careAdvice(answers({ onsetType: 'After injury/trauma', weakness: true })).ruleIds,
      ).toEqual(['fresh-injury', 'injury-nerve-or-tendon']);
    });

    it('suspected broken wrist or scaphoid: wrist or thumb-side pain after an injury, however mild', () => {
      const advice = careAdvice(answers({ ...fallFromBike, painLocation: [HOLLOW_AT_THUMB_BASE] }));
      expect(advice.ruleIds).toEqual(['fresh-injury', 'suspected-scaphoid']);
      expect(advice.reasons[1]).toMatch(/scaphoid/);
      for (const place of ['Thumb', 'Wrist', 'Forearm']) {
        const mild = careAdvice(
          answers({
            ...fallFromBike,
            duration: '1-4 weeks',
            painLocation: [place],
            painIntensity: 'Mild (1-3/10)',
          }),
        );
        expect([place, mild.card, mild.ruleIds]).toEqual([
          place,
          'urgent-injury',
          ['suspected-scaphoid'],
        ]);
      }
      // A finger alone weeks later, mildly sore with nothing else, is not.
      expect(
        careAdvice(
          answers({ ...fallFromBike, duration: '1-4 weeks', painLocation: ['Ring finger'] }),
        ).level,
      ).toBe('routine');
      // Nor is the hollow without an injury.
      expect(careAdvice(answers({ painLocation: [HOLLOW_AT_THUMB_BASE] })).level).toBe('routine');
    });

    it.each(['swelling', 'stiffness'] as const)('%s after a recent injury', (flag) => {
      expect(
        careAdvice(answers({ ...fallFromBike, duration: '1-4 weeks', [flag]: true })).ruleIds,
      ).toEqual(['injury-swelling-or-stiffness']);
    });

    it('sudden colour changes: an emergency in the first week, urgent after it, routine if gradual', () => {
      expect(
        careAdvice(answers({ onsetType: 'Sudden onset', colorChanges: true })).ruleIds,
      ).toEqual(['sudden-circulation']);
      const later = careAdvice(
        answers({ onsetType: 'Sudden onset', colorChanges: true, duration: '1-4 weeks' }),
      );
      expect([later.level, later.card, later.ruleIds]).toEqual([
        'urgent',
        'urgent',
        ['sudden-colour-change'],
      ]);
      expect(
        careAdvice(
          answers({ onsetType: 'Gradual onset', colorChanges: true, coldSensitivity: true }),
        ).level,
      ).toBe('routine');
    });

    it('sudden numbness or weakness without an injury: a 999 call for a possible stroke this week, a doctor today after it', () => {
      const advice = careAdvice(
        answers({ onsetType: 'Sudden onset', numbness: true, duration: 'Less than 1 week' }),
      );
      expect([advice.card, advice.ruleIds]).toEqual(['emergency-call', ['sudden-nerve-symptoms']]);
      expect(advice.reasons[0]).toMatch(/stroke.*999/);
      expect(careAdvice(answers({ onsetType: 'Sudden onset', weakness: true })).card).toBe(
        'emergency-call',
      );
      const later = careAdvice(
        answers({ onsetType: 'Sudden onset', numbness: true, duration: '1-4 weeks' }),
      );
      expect([later.card, later.ruleIds]).toEqual(['urgent', ['sudden-nerve-symptoms-later']]);
      // Tingling alone is not the stroke line, but sudden tingling is checked today (NHS elbow
      // and arm pain: "tingles or feels numb", 111).
      const tingling = careAdvice(answers({ onsetType: 'Sudden onset', tingling: true }));
      expect([tingling.card, tingling.ruleIds]).toEqual([
        'urgent',
        ['sudden-nerve-symptoms-later'],
      ]);
    });

    it('sudden severe pain without an injury: A&E in the first days (NHS: sudden, severe pain), the same day after', () => {
      const base: Partial<Answers> = {
        onsetType: 'Sudden onset',
        painIntensity: 'Severe (7-10/10)',
        swelling: true,
      };
      const now = careAdvice(answers(base));
      expect([now.card, now.ruleIds]).toEqual(['emergency', ['sudden-severe-pain']]);
      const later = careAdvice(answers({ ...base, duration: '1-4 weeks' }));
      expect([later.card, later.ruleIds]).toEqual([
        'urgent',
        ['sudden-severe-swelling', 'sudden-change-or-severe-pain'],
      ]);
      expect(careAdvice(answers({ ...base, duration: '1-3 months' }))).toMatchObject({
        level: 'routine',
        card: 'prompt',
      });
    });

    it('collects every urgent reason in rule order', () => {
      const advice = careAdvice(
        answers({
          ...fallFromBike,
          duration: '1-4 weeks',
          painIntensity: 'Severe (7-10/10)',
          weakness: true,
          stiffness: true,
          painLocation: [HOLLOW_AT_THUMB_BASE],
        }),
      );
      expect(advice.ruleIds).toEqual([
        'injury-severe-pain',
        'injury-nerve-or-tendon',
        'suspected-scaphoid',
        'injury-swelling-or-stiffness',
      ]);
    });

    it('the general urgent card wins over the injury card when an infection rule fires too', () => {
      const advice = careAdvice(
        answers({
          previousInjury: true,
          onsetType: 'Gradual onset',
          painLocation: ['Wrist'],
          swelling: true,
          colorChanges: true,
          duration: '1-4 weeks',
        }),
      );
      expect(advice.ruleIds).toContain('infection-signs');
      expect(advice.card).toBe('urgent');
      expect(advice.action).not.toMatch(/X-ray|splint/);
    });
  });

  describe('routine, within 2 weeks', () => {
    it.each<[string, Partial<Answers>, string[]]>([
      ['gradual-weakness', { weakness: true, onsetType: 'Gradual onset' }, ['gradual-weakness']],
      [
        'growing-lump',
        { swelling: true, deformity: true, onsetType: 'Gradual onset', duration: '1-3 months' },
        ['growing-lump', 'inflamed-joints', 'persistent-symptoms'],
      ],
      [
        'a lump without swelling',
        { deformity: true, onsetType: 'Gradual onset' },
        ['growing-lump'],
      ],
      ['persistent-symptoms', { duration: 'More than 6 months' }, ['persistent-symptoms']],
      ['persistent-symptoms', { duration: '1-3 months' }, ['persistent-symptoms']],
      [
        'unsettled-injury',
        { previousInjury: true, duration: '3-6 months' },
        ['persistent-symptoms', 'unsettled-injury'],
      ],
      [
        'inflamed-joints',
        { swelling: true, stiffness: true, onsetType: 'Gradual onset', duration: '1-4 weeks' },
        ['inflamed-joints'],
      ],
      [
        'night-bone-pain',
        {
          age: 'Over 60',
          painTiming: 'At night',
          onsetType: 'Gradual onset',
          duration: '1-4 weeks',
        },
        ['night-bone-pain'],
      ],
    ])('%s', (_id, overrides, ids) => {
      const advice = careAdvice(answers(overrides));
      expect([advice.level, advice.card, advice.title]).toEqual([
        'routine',
        'prompt',
        'See a GP soon',
      ]);
      expect(advice.ruleIds).toEqual(ids);
    });

    it('the 2-week card keeps the other routine reasons beside it', () => {
      const advice = careAdvice(
        answers({
          weakness: true,
          tingling: true,
          onsetType: 'Gradual onset',
          duration: '3-6 months',
        }),
      );
      expect(advice.card).toBe('prompt');
      expect(advice.ruleIds).toEqual([
        'gradual-weakness',
        'persistent-symptoms',
        'pins-and-needles',
      ]);
    });
  });

  describe('routine', () => {
    it.each<[string, Partial<Answers>, string[]]>([
      ['daily-activities', { gripDifficulty: true }, ['daily-activities']],
      ['daily-activities', { pinchDifficulty: true }, ['daily-activities']],
      ['daily-activities', { writingDifficulty: true }, ['daily-activities']],
      ['daily-activities', { keyboardDifficulty: true }, ['daily-activities']],
      ['pins-and-needles', { tingling: true }, ['pins-and-needles']],
      ['pins-and-needles', { numbness: true, onsetType: 'Gradual onset' }, ['pins-and-needles']],
      [
        'unsettled-injury',
        { previousInjury: true, duration: '1-4 weeks', onsetType: 'Gradual onset' },
        [],
      ],
      ['under-18', { age: 'Under 18' }, ['under-18']],
    ])('%s', (_id, overrides, ids) => {
      const advice = careAdvice(answers(overrides));
      expect(advice.level).toBe('routine');
      expect(advice.card).toBe('routine');
      expect(advice.title).toBe('Non-urgent advice');
      expect(advice.tone).toBe('blue');
      expect(advice.ruleIds).toEqual(ids);
      expect(advice.reasons).toHaveLength(ids.length);
    });

    it('classic carpal tunnel answers get non-urgent advice with their reasons', () => {
      const advice = careAdvice(
        answers({
          painLocation: ['Thumb', 'Index finger'],
          numbness: true,
          tingling: true,
          nightPain: true,
          onsetType: 'Gradual onset',
          duration: '3-6 months',
          gripDifficulty: true,
        }),
      );
      expect(advice.level).toBe('routine');
      expect(advice.ruleIds).toEqual([
        'persistent-symptoms',
        'daily-activities',
        'pins-and-needles',
      ]);
    });
  });

  it('always includes the safety net: 999 / 911, then A&E / the emergency room', () => {
    expect(careAdvice(answers({ ...fallFromBike, deformity: true })).safetyNet).toBe(SAFETY_NET);
    expect(SAFETY_NET).toMatch(/999.*911.*A&E.*emergency room/);
  });

  it('cleans its input first and never throws on arbitrary shapes', () => {
    expect(careAdvice(null as unknown as Answers).level).toBe('routine');
    expect(
      careAdvice({
        previousInjury: 'true',
        deformity: 1,
        onsetType: 'Sudden onset',
      } as unknown as Answers).level,
    ).toBe('routine');
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const advice = careAdvice(input as Answers);
        expect(['emergency', 'urgent', 'routine']).toContain(advice.level);
      }),
      { numRuns: 300 },
    );
  });

  it('never goes below the level of any rule that applies', () => {
    const flags = fc.boolean();
    const anyAnswers = fc
      .record({
        painLocation: fc.subarray(['Thumb', 'Wrist', HOLLOW_AT_THUMB_BASE, 'Fingertip']),
        onsetType: fc.constantFrom('', 'Sudden onset', 'Gradual onset', 'After injury/trauma'),
        duration: fc.constantFrom('', 'Less than 1 week', '1-4 weeks', '3-6 months'),
        painIntensity: fc.constantFrom('', 'Severe (7-10/10)'),
        previousInjury: flags,
        deformity: flags,
        numbness: flags,
        weakness: flags,
        swelling: flags,
        stiffness: flags,
        colorChanges: flags,
        coldSensitivity: flags,
      })
      .map((partial): Answers => ({ ...emptyAnswers(), ...partial }));
    const rank = { emergency: 0, urgent: 1, routine: 2 } as const;
    fc.assert(
      fc.property(anyAnswers, (a) => {
        const advice = careAdvice(a);
        for (const rule of CARE_RULES) {
          if (rule.applies(a)) expect(rank[advice.level]).toBeLessThanOrEqual(rank[rule.level]);
        }
        expect(advice.reasons).toHaveLength(advice.ruleIds.length);
      }),
      { numRuns: 500 },
    );
  });
});
