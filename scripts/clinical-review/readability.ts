/*
 * US school grade of a text by the Flesch–Kincaid formula (0.39 × words per sentence +
 * 11.8 × syllables per word − 15.59). The formula is the `flesch-kincaid` package's and the
 * syllables are counted by `syllable` (both from the maintained `words` collection); only the
 * word and sentence counts are ours, done the way `syllable` splits words so the two agree:
 *   - a word is a run of letters or digits once apostrophes are removed ("don't" is one word,
 *     "fluid-filled" two);
 *   - a sentence ends at ".", "!" or "?" followed by a space or the end; a colon or semicolon
 *     does not end one (as in the formula's usual use); a text without a full stop (a title,
 *     a list item) is one sentence.
 */
import { fleschKincaid } from 'flesch-kincaid';
import { syllable } from 'syllable';

/** Most a clinical text may score: NHS writing aims at a reading age of 11 to 12. */
export const MAX_GRADE = 9;

export interface Readability {
  grade: number;
  words: number;
  sentences: number;
  syllables: number;
}

export function readability(text: string): Readability {
  const plain = text.replace(/['’]/g, '');
  const words = plain.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  const sentences = Math.max(1, plain.match(/[.!?]+(?=\s|$)/g)?.length ?? 0);
  const syllables = syllable(plain);
  const grade = fleschKincaid({ sentence: sentences, word: words, syllable: syllables });
  return { grade: Number.isNaN(grade) ? 0 : grade, words, sentences, syllables };
}

/** The grade rounded to one decimal, as printed and compared. */
export function gradeOf(text: string): number {
  return Math.round(readability(text).grade * 10) / 10;
}
