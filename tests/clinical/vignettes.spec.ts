import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CARE_RULES,
  EMERGENCY_SIGNS,
  analyzeSymptoms,
  careAdvice,
  emptyAnswers,
  priorityFor,
} from '@handcheck/diagnosis';
import { VIGNETTES, type Vignette } from './vignettes';

/*
 * The vignette suite: each story gives the care card a clinician expects. The hazard log
 * names the vignettes behind each control; the last block checks that link both ways.
 */

const HAZARD_LOG = join(__dirname, '..', '..', 'docs', 'clinical-safety', 'hazard-log.md');

function adviceFor(vignette: Vignette) {
  return careAdvice({ ...emptyAnswers(), ...vignette.answers }, vignette.signs ?? []);
}

const lower = (text: string) => text.toLowerCase();

describe('clinical vignettes', () => {
  it.each(VIGNETTES.map((v) => [`${v.id}: ${v.story}`, v] as const))('%s', (_name, vignette) => {
    const advice = adviceFor(vignette);
    const { expected } = vignette;
    const said = lower([advice.action, ...advice.reasons].join('\n'));
    expect({ id: vignette.id, level: advice.level }).toEqual({
      id: vignette.id,
      level: expected.level,
    });
    if (expected.card) expect(advice.card).toBe(expected.card);
    for (const id of expected.rules ?? []) expect(advice.ruleIds).toContain(id);
    if (expected.rules?.every((id) => id.startsWith('sign:')) && vignette.signs?.length) {
      // Signs keep the order of the check, whatever order they were chosen in.
      expect(advice.ruleIds.filter((id) => id.startsWith('sign:'))).toEqual(expected.rules);
    }
    const fired = CARE_RULES.filter((rule) =>
      rule.applies({ ...emptyAnswers(), ...vignette.answers }),
    ).map((rule) => rule.id);
    for (const id of expected.notRules ?? []) {
      expect(fired).not.toContain(id);
      expect(advice.ruleIds).not.toContain(id);
    }
    for (const word of expected.words ?? []) expect(said).toContain(lower(word));
    for (const word of expected.notWords ?? []) expect(said).not.toContain(lower(word));
    for (const word of expected.uk ?? []) expect(advice.actions.uk).toContain(word);
    for (const word of expected.us ?? []) expect(advice.actions.us).toContain(word);
    // Each country's wording stays in its own country.
    expect(advice.actions.uk).not.toMatch(/911|emergency room/);
    expect(advice.actions.us).not.toMatch(/999|A&E|\b111\b|\bGP\b/);
    expect(advice.reasons).toHaveLength(advice.ruleIds.length);
  });

  it('are at least 60, with unique ids V01, V02, …', () => {
    expect(VIGNETTES.length).toBeGreaterThanOrEqual(60);
    VIGNETTES.forEach((vignette, index) => {
      expect(vignette.id).toBe(`V${String(index + 1).padStart(2, '0')}`);
    });
  });

  it('make every care rule fire and expect it somewhere', () => {
    const expectedSomewhere = new Set(VIGNETTES.flatMap((v) => v.expected.rules ?? []));
    const firedSomewhere = new Set(VIGNETTES.flatMap((v) => adviceFor(v).ruleIds));
    for (const rule of CARE_RULES) {
      expect([rule.id, expectedSomewhere.has(rule.id)]).toEqual([rule.id, true]);
      expect([rule.id, firedSomewhere.has(rule.id)]).toEqual([rule.id, true]);
    }
  });

  it('use every emergency sign on its own and together', () => {
    for (const sign of EMERGENCY_SIGNS) {
      const alone = VIGNETTES.some((v) => v.signs?.length === 1 && v.signs[0] === sign.id);
      expect([sign.id, alone]).toEqual([sign.id, true]);
    }
    expect(VIGNETTES.some((v) => v.signs?.length === EMERGENCY_SIGNS.length)).toBe(true);
  });

  it('every card of every level is reached', () => {
    const cards = new Set(VIGNETTES.map((v) => adviceFor(v).card));
    expect([...cards].sort()).toEqual([
      'emergency',
      'emergency-call',
      'prompt',
      'routine',
      'urgent',
      'urgent-injury',
    ]);
  });

  it('V58: a "Low" priority match sits beside an urgent care card (so the card must show the level)', () => {
    const vignette = VIGNETTES.find((v) => v.id === 'V58');
    const answers = { ...emptyAnswers(), ...vignette?.answers };
    const low = analyzeSymptoms(answers).topConditions.filter(
      (match) => priorityFor(match.confidence).label === 'Low',
    );
    expect(low.map((match) => match.condition)).toContain('Broken Bone or Tendon/Ligament Injury');
    expect(careAdvice(answers).level).toBe('urgent');
  });
});

describe('the hazard log and the vignettes', () => {
  const log = readFileSync(HAZARD_LOG, 'utf8');
  const ids = new Set(VIGNETTES.map((v) => v.id));
  const named = new Set(log.match(/\bV\d{2,3}\b/g) ?? []);

  it('names only vignettes that exist', () => {
    for (const id of named) expect([id, ids.has(id)]).toEqual([id, true]);
  });

  it('names every vignette under at least one control', () => {
    for (const id of ids) expect([id, named.has(id)]).toEqual([id, true]);
  });

  it('gives every hazard row at least one vignette or test', () => {
    const rows = log.split('\n').filter((line) => /^\| H\d+/.test(line));
    expect(rows.length).toBeGreaterThanOrEqual(7);
    for (const row of rows) {
      const id = row.split('|')[1].trim();
      expect([id, /\bV\d{2,3}\b|\.spec\.ts/.test(row)]).toEqual([id, true]);
    }
  });
});
