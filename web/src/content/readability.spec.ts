import * as diagnosis from '@handcheck/diagnosis';
import { CARE_LEVELS, CARE_RULES, SAFETY_NET } from '@handcheck/diagnosis';
import { gradeOf, MAX_GRADE } from '../../../scripts/clinical-review/readability';
import { conditions } from './conditions';
import { NOT_SURE_NOTE } from '../features/questionnaire/EmergencyAdvice';
import {
  EMERGENCY_CHECK_ERROR,
  EMERGENCY_CHECK_HINT,
  EMERGENCY_CHECK_LEGEND,
} from '../features/questionnaire/EmergencyCheck';
import { NOT_A_DIAGNOSIS } from '../features/results/ConditionResultCard';

/*
 * Readability of the clinical texts a visitor reads first: each guide's lead (the description
 * shown large under the title, then the summary) and every text of the care card. Each must
 * score at or below US grade 9 by the Flesch–Kincaid formula (scripts/clinical-review/
 * readability.ts says how it is computed); the NHS aims at a reading age of 11 to 12.
 */

interface Measured {
  where: string;
  text: string;
  grade: number;
}

const measure = (where: string, text: string): Measured => ({ where, text, grade: gradeOf(text) });

const guideLeads: Measured[] = conditions.flatMap((guide) => [
  measure(`guide ${guide.slug}: description`, guide.metaDescription),
  measure(`guide ${guide.slug}: summary`, guide.summary),
]);

// The emergency check's signs are new in the care layer; read them when it exports them, so
// this check covers them as soon as they exist without failing to compile before.
const emergencySigns =
  (diagnosis as unknown as { EMERGENCY_SIGNS?: readonly { label: string; reason?: string }[] })
    .EMERGENCY_SIGNS ?? [];

const careTexts: Measured[] = [
  ...Object.entries(CARE_LEVELS).flatMap(([level, text]) => [
    measure(`care ${level}: title`, text.title),
    measure(`care ${level}: action`, text.action),
  ]),
  ...CARE_RULES.map((rule) => measure(`care rule ${rule.id}: reason`, rule.reason)),
  measure('care safety net', SAFETY_NET),
  ...emergencySigns.flatMap((sign, index) => [
    measure(`emergency sign ${index + 1}: label`, sign.label),
    ...(sign.reason ? [measure(`emergency sign ${index + 1}: reason`, sign.reason)] : []),
  ]),
];

// The web's own words around the care card: the check's question, hint and error, the note on
// a sign the visitor was not sure of, and the line on each condition card beside urgent care.
const webCareTexts: Measured[] = [
  measure('emergency check: legend', EMERGENCY_CHECK_LEGEND),
  measure('emergency check: hint', EMERGENCY_CHECK_HINT),
  measure('emergency check: error', EMERGENCY_CHECK_ERROR),
  measure('emergency advice: not-sure note', NOT_SURE_NOTE),
  measure('condition card: not a diagnosis', NOT_A_DIAGNOSIS),
];

beforeAll(() => {
  const rows = [...guideLeads, ...careTexts, ...webCareTexts].map(
    ({ where, grade }) => `${grade.toFixed(1).padStart(5)}  ${where}`,
  );
  console.info(`Flesch–Kincaid grade (limit ${MAX_GRADE}):\n${rows.join('\n')}`);
});

/** One test per text: its grade at or below MAX_GRADE (the text's place named when it fails). */
function eachAtOrBelowGrade(items: Measured[]): void {
  it.each(items.map((item) => [item.where, item] as const))(
    '%s is at or below grade 9',
    (_where, item) => {
      expect({ where: item.where, grade: item.grade }).toEqual({
        where: item.where,
        grade: Math.min(item.grade, MAX_GRADE),
      });
    },
  );
}

describe('readability of the guide leads', () => {
  eachAtOrBelowGrade(guideLeads);
});

describe('readability of the care card', () => {
  it('has texts to measure', () => {
    expect(careTexts.length).toBeGreaterThan(5);
  });

  eachAtOrBelowGrade(careTexts);
});

describe("readability of the web's words around the care card", () => {
  eachAtOrBelowGrade(webCareTexts);
});

describe('the grade measure', () => {
  it('scores short plain sentences low and long technical ones high', () => {
    expect(gradeOf('The cat sat on the mat. It was warm.')).toBeLessThan(3);
    expect(
      gradeOf(
        'Stenosing tenosynovitis is characterised by inflammation and thickening of the retinacular sheath, consequently restricting tendon excursion.',
      ),
    ).toBeGreaterThan(16);
  });
});
