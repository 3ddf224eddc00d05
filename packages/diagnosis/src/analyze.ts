import { CONDITIONS, type ConditionName, weightEntries } from './conditions';
import { SYMPTOM_LABELS } from './labels';
import { CONFIDENCE_CAP, TOP_CONDITIONS_MAX } from './limits';
import { isEligible, matchesSymptom } from './matching';
import { normalizeAnswers } from './normalize';
import { type Answers, FLAG_KEYS, type FlagKey } from './options';
import { type SymptomKey } from './symptom-keys';

/** One ranked suggestion on the results screen (spec section 3, "Diagnosis result"). */
export interface ConditionMatch {
  condition: ConditionName;
  /** Match percentage relative to the best suggestion, 1 to 95. */
  confidence: number;
  description: string;
  /** Readable labels of the symptoms that scored, in weights-table order. */
  matchingSymptoms: string[];
}

export interface DiagnosisResult {
  topConditions: ConditionMatch[];
  keySymptoms: string[];
  totalSymptoms: number;
  /** The visitor's free text after cleaning; the only form of it that leaves the engine. */
  additionalInfo: string;
}

/** The analysis' internal state per condition: its score and what contributed to it. */
export interface ConditionScore {
  condition: ConditionName;
  description: string;
  score: number;
  matchedKeys: SymptomKey[];
}

/** Every condition's score, in table order, before filtering and ranking. */
export function scoreConditions(answers: Answers): ConditionScore[] {
  return CONDITIONS.map((definition) => {
    let score = 0;
    const matchedKeys: SymptomKey[] = [];
    for (const [key, weight] of weightEntries(definition)) {
      if (matchesSymptom(key, answers)) {
        score += weight;
        matchedKeys.push(key);
      }
    }
    return { condition: definition.name, description: definition.description, score, matchedKeys };
  });
}

/** Summary lines for the results and the referral, in the spec's order. */
const KEY_SYMPTOM_FLAGS: ReadonlyArray<readonly [FlagKey, string]> = [
  ['numbness', 'Numbness'],
  ['tingling', 'Tingling'],
  ['weakness', 'Weakness'],
  ['stiffness', 'Stiffness'],
  ['swelling', 'Swelling'],
  ['triggerFinger', 'Finger catching/locking'],
  ['nightPain', 'Night pain'],
];

export function keySymptomsOf(answers: Answers): string[] {
  const lines: string[] = [];
  if (answers.painLocation.length > 0) lines.push(`Pain in: ${answers.painLocation.join(', ')}`);
  for (const [flag, line] of KEY_SYMPTOM_FLAGS) {
    if (answers[flag]) lines.push(line);
  }
  return lines;
}

/** True yes/no answers plus one for a non-empty location list (the only list answer). */
export function totalSymptomsOf(answers: Answers): number {
  const flags = FLAG_KEYS.filter((flag) => answers[flag]).length;
  return flags + (answers.painLocation.length > 0 ? 1 : 0);
}

export function confidenceFor(score: number, topScore: number): number {
  return Math.min(CONFIDENCE_CAP, Math.round((score / topScore) * 100));
}

/**
 * Ranks the conditions for a set of answers (spec section 9): sum the weights of matched
 * symptoms, drop conditions missing their required sign, keep the best three with a positive
 * score (ties keep table order), and express each as a percentage of the best, capped at 95.
 * Accepts anything: input of the wrong shape is treated as unanswered rather than throwing.
 */
export function analyzeSymptoms(input: Answers): DiagnosisResult {
  const answers = normalizeAnswers(input);
  const ranked = scoreConditions(answers)
    .filter((entry) => entry.score > 0 && isEligible(entry.condition, answers))
    // Array.prototype.sort is stable (ES2019), which is what keeps ties in table order.
    .sort((a, b) => b.score - a.score)
    .slice(0, TOP_CONDITIONS_MAX);
  const topScore = ranked[0]?.score ?? 0;
  return {
    topConditions: ranked.map((entry) => ({
      condition: entry.condition,
      confidence: confidenceFor(entry.score, topScore),
      description: entry.description,
      matchingSymptoms: entry.matchedKeys.map((key) => SYMPTOM_LABELS[key]),
    })),
    keySymptoms: keySymptomsOf(answers),
    totalSymptoms: totalSymptomsOf(answers),
    additionalInfo: answers.additionalInfo,
  };
}
