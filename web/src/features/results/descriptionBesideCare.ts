import type { CareLevel } from '@handcheck/diagnosis';

/*
 * Some condition descriptions reassure ("usually harmless"), which is right for a lump seen at
 * leisure but wrong beside a card that says to get help today or now: a visitor skimming the
 * page would take the reassurance and skip the care advice. At those levels the reassuring
 * sentences are left out; at the routine level the engine's text is shown as it is.
 */

/** Words that tell the visitor not to worry. Matched whole-word, any case. */
export const REASSURING_PHRASES: readonly string[] = [
  'harmless',
  'not serious',
  'nothing to worry about',
  'no cause for concern',
  'not dangerous',
  'benign',
];

const REASSURING = new RegExp(
  `\\b(?:${REASSURING_PHRASES.map((phrase) => phrase.replace(/\s+/g, '\\s+')).join('|')})\\b`,
  'i',
);

/** The sentences of a plain text, each with its end mark; a last one without a mark too. */
function sentencesOf(text: string): string[] {
  return (text.match(/[^.!?]+(?:[.!?]+|$)/g) ?? []).map((sentence) => sentence.trim());
}

/** Whether a text holds one of the reassuring phrases. */
export const reassures = (text: string): boolean => REASSURING.test(text);

/**
 * A condition's description as shown beside a care card of `level`: unchanged at the routine
 * level; at urgent and emergency levels without the sentences that reassure.
 */
export function descriptionBesideCare(description: string, level: CareLevel): string {
  if (level === 'routine') return description;
  return sentencesOf(description)
    .filter((sentence) => sentence !== '' && !reassures(sentence))
    .join(' ');
}
