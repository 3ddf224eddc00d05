import { cleanText } from '@handcheck/diagnosis';
import { withoutInvisibles } from './invisible';

/*
 * Spec section 5's cleaning (markup stripped, trimmed) is `cleanText`, given the text
 * without its invisible characters (invisible.ts) so that nothing unseen is left to pass
 * for a location or to hide a tag. A one-line field (a name, a place, a list item) also
 * loses its line breaks: in a plain-text mail a break inside a name could start a line
 * that reads like a header or another field. Everything else is text and stays: '<', '>',
 * '&', quotes, emoji, any script.
 */

// Line feed, carriage return, vertical tab, form feed, next line and the Unicode separators.
const LINE_BREAKS = /\s*[\n\r\v\f\u0085\u2028\u2029]+\s*/g;

/** The text on one line: each run of line breaks (and the space around it) becomes one space. */
export function joinLines(text: string): string {
  return text.replace(LINE_BREAKS, ' ');
}

/** The lines of a text, split at every kind of line break. */
export function linesOf(text: string): string[] {
  return text.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/);
}

/**
 * `cleanText` of what a reader sees: invisible characters go first, so that '<scr\u200Bipt>'
 * is the tag it shows and is stripped as one. A non-string is still empty (spec section 5).
 */
export function cleanVisibleText(value: unknown): string {
  return cleanText(typeof value === 'string' ? withoutInvisibles(value) : value);
}

export function cleanLine(value: unknown): string {
  // Trimmed again: a break at either end ('\u0085' is one, and no space to trim) became a space.
  return joinLines(cleanVisibleText(value)).trim();
}

/** An optional one-line field: null when nothing is left. */
export function cleanOptionalLine(value: unknown): string | null {
  const cleaned = cleanLine(value);
  return cleaned === '' ? null : cleaned;
}

/** An optional multi-line field: null when nothing is left. */
export function cleanOptionalText(value: unknown): string | null {
  const cleaned = cleanVisibleText(value);
  return cleaned === '' ? null : cleaned;
}

/** A list of one-line items, empty ones dropped; a non-list is left as it is for validation to refuse. */
export function cleanLines(value: unknown): unknown {
  return Array.isArray(value)
    ? value.map((item) => cleanLine(item)).filter((item) => item !== '')
    : value;
}
