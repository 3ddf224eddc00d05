import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CARE_RULES,
  EMERGENCY_SIGNS,
  careAdvice,
  emptyAnswers,
  type CareCardId,
} from '@handcheck/diagnosis';
import { VIGNETTES, type Vignette } from './vignettes';

/*
 * The care table (docs/clinical-safety/care-table.md) against the care layer: every line is
 * walked by the vignettes that name it, from both sides. A 999, A&E or urgent line must be
 * reached at least at its level; a "GP soon" line exactly at the 2-week card; a GP or
 * self-care line no higher than the 2-week card, so over-triage cannot pass for safety.
 */

const TABLE = join(__dirname, '..', '..', 'docs', 'clinical-safety', 'care-table.md');

const LEVELS = ['999', 'A&E', 'urgent', 'GP soon', 'GP', 'self-care'] as const;
type TableLevel = (typeof LEVELS)[number];

export interface TableLine {
  readonly id: string;
  readonly says: string;
  readonly level: TableLevel;
  /** Whether the six steps can say it ("partly" counts as yes: the nearest answers reach it). */
  readonly answers: 'yes' | 'no' | 'partly';
}

/** The lines of the table's "Lines" section, one per row whose first cell is an id. */
export function parseCareTable(markdown: string): TableLine[] {
  return markdown
    .split('\n')
    .filter((row) => /^\| [A-Z]{2}-\d+ \|/.test(row))
    .map((row) => {
      const [id, says, level, answers] = row
        .split('|')
        .slice(1, 5)
        .map((cell) => cell.trim());
      if (!(LEVELS as readonly string[]).includes(level)) throw new Error(`${id}: level ${level}`);
      if (!['yes', 'no', 'partly'].includes(answers)) throw new Error(`${id}: answers ${answers}`);
      return { id, says, level: level as TableLevel, answers: answers as TableLine['answers'] };
    });
}

// How far each card goes: the bounds of a line are read on this scale.
const CARD_RANK: Readonly<Record<CareCardId, number>> = {
  routine: 0,
  prompt: 1,
  urgent: 2,
  'urgent-injury': 2,
  emergency: 3,
  'emergency-call': 4,
};
const BOUNDS: Readonly<Record<TableLevel, readonly [number, number]>> = {
  '999': [4, 4],
  'A&E': [3, 4],
  urgent: [2, 4],
  'GP soon': [1, 1],
  GP: [0, 1],
  'self-care': [0, 1],
};

const lines = parseCareTable(readFileSync(TABLE, 'utf8'));
const byId = new Map(lines.map((line) => [line.id, line]));
const cardOf = (v: Vignette) => careAdvice({ ...emptyAnswers(), ...v.answers }, v.signs ?? []).card;

describe('the care table', () => {
  it('has its lines, each id once, from at least the 20 pages the issue names', () => {
    expect(lines.length).toBeGreaterThanOrEqual(60);
    expect(byId.size).toBe(lines.length);
    expect(new Set(lines.map((line) => line.id.slice(0, 2))).size).toBeGreaterThanOrEqual(20);
  });

  it.each(lines.map((line) => [`${line.id} (${line.level}): ${line.says}`, line] as const))(
    '%s',
    (_name, line) => {
      const cases = VIGNETTES.filter((v) => v.lines?.includes(line.id));
      expect([line.id, cases.length > 0]).toEqual([line.id, true]);
      const [low, high] = BOUNDS[line.level];
      for (const vignette of cases) {
        const rank = CARD_RANK[cardOf(vignette)];
        expect({
          line: line.id,
          vignette: vignette.id,
          atLeast: rank >= low,
          atMost: rank <= high,
        }).toEqual({ line: line.id, vignette: vignette.id, atLeast: true, atMost: true });
      }
      // A line the six steps can say is reached from the answers alone ("None of these").
      if (line.answers !== 'no') {
        expect([line.id, cases.some((v) => (v.signs ?? []).length === 0)]).toEqual([line.id, true]);
      }
    },
  );

  it('names only lines that exist, in every rule, sign and vignette', () => {
    const named = [
      ...CARE_RULES.flatMap((rule) => rule.lines.map((id) => [`rule ${rule.id}`, id])),
      ...EMERGENCY_SIGNS.flatMap((sign) => sign.lines.map((id) => [`sign ${sign.id}`, id])),
      ...VIGNETTES.flatMap((v) => (v.lines ?? []).map((id) => [v.id, id])),
    ];
    for (const [where, id] of named) expect([where, id, byId.has(id)]).toEqual([where, id, true]);
  });

  it('gives every rule above routine and every sign at least one line', () => {
    for (const rule of CARE_RULES.filter((r) => r.level !== 'routine' || r.card === 'prompt')) {
      expect([rule.id, rule.lines.length > 0]).toEqual([rule.id, true]);
    }
    for (const sign of EMERGENCY_SIGNS)
      expect([sign.id, sign.lines.length > 0]).toEqual([sign.id, true]);
  });

  it('puts 999 / 911 in the headline only for the NHS 999 lines', () => {
    const is999 = (id: string) => byId.get(id)?.level === '999';
    for (const rule of CARE_RULES) {
      const calls = rule.card === 'emergency-call';
      expect([rule.id, calls, rule.lines.some(is999)]).toEqual([rule.id, calls, calls]);
    }
    for (const sign of EMERGENCY_SIGNS) {
      const calls = sign.call === true;
      expect([sign.id, calls, sign.lines.some(is999)]).toEqual([sign.id, calls, calls]);
    }
  });

  it('reads its own levels: a line with a level it does not know is refused', () => {
    expect(() => parseCareTable('| XX-1 | says | soon | yes | rule |')).toThrow(/level soon/);
    expect(parseCareTable('| XX-1 | says | GP soon | partly | rule |')).toEqual([
      { id: 'XX-1', says: 'says', level: 'GP soon', answers: 'partly' },
    ]);
  });
});
