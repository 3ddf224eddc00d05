import { gradeOf, MAX_GRADE } from '../../../scripts/clinical-review/readability';
import { CARE_CARDS } from './care-advice';
import { CARE_RULES } from './care-rules';
import { careTexts } from './care-texts';
import { EMERGENCY_SIGNS } from './emergency-signs';

/*
 * Plain English: every care-layer text at or below US grade 9 by Flesch–Kincaid (the same
 * measure as the site's readability check), and the jargon a visitor meets explained.
 */

const texts = careTexts();

describe('care texts', () => {
  it('list every card, rule, sign and the safety net', () => {
    const where = texts.map((t) => t.where).join('\n');
    for (const id of Object.keys(CARE_CARDS)) expect(where).toContain(`care card ${id}: action`);
    for (const rule of CARE_RULES) expect(where).toContain(`care rule ${rule.id}: reason`);
    for (const sign of EMERGENCY_SIGNS) expect(where).toContain(`emergency sign ${sign.id}: label`);
    expect(where).toContain('care safety net');
  });

  it.each(texts.map((t) => [t.where, t.text]))('%s reads at or below grade 9', (where, text) => {
    expect({ where, grade: gradeOf(text) }).toEqual({
      where,
      grade: Math.min(gradeOf(text), MAX_GRADE),
    });
  });

  it('explain the medical words they use', () => {
    const all = texts.map((t) => t.text).join('\n');
    const explained: Array<[RegExp, RegExp]> = [
      [/scaphoid/, /scaphoid \(a small wrist bone\)/],
      [/mallet finger/, /mallet finger \(a fingertip that droops\)/],
      [/ligament/, /ligament \(the tissue that holds joints together\)/],
      [/median nerve/, /\(the median nerve\)/],
      [/ulnar nerve/, /\(the ulnar nerve\)/],
    ];
    for (const [word, explanation] of explained) {
      if (word.test(all)) expect(all).toMatch(explanation);
    }
    expect(all).not.toMatch(/\b(TIA|sarcoma|tenosynovitis|epicondyl|immobilis)/i);
  });
});
