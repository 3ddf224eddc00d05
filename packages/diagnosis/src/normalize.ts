import { ADDITIONAL_INFO_MAX } from './limits';
import { type Answers, CHOICE_KEYS, FLAG_KEYS, emptyAnswers } from './options';
import { cleanText } from './sanitize';

// No option label comes close; the bound only stops a tampered request from growing the result.
const ANSWER_TEXT_MAX = 200;

function field(source: unknown, key: string): unknown {
  if (typeof source !== 'object' || source === null) return undefined;
  return (source as Record<string, unknown>)[key];
}

/**
 * Answers in the exact shape the engine expects, from whatever the caller passed: strings are
 * cleaned like any visitor text (option labels pass through unchanged), anything of the wrong
 * type falls back to the unanswered value, and only a literal `true` counts as "yes".
 */
export function normalizeAnswers(input: unknown): Answers {
  const answers = emptyAnswers();
  const locations = field(input, 'painLocation');
  if (Array.isArray(locations)) {
    answers.painLocation = locations
      .map((location: unknown) => cleanText(location, ANSWER_TEXT_MAX))
      .filter((location) => location !== '');
  }
  for (const key of CHOICE_KEYS) {
    answers[key] = cleanText(field(input, key), ANSWER_TEXT_MAX);
  }
  for (const key of FLAG_KEYS) {
    answers[key] = field(input, key) === true;
  }
  answers.additionalInfo = cleanText(field(input, 'additionalInfo'), ADDITIONAL_INFO_MAX);
  return answers;
}
