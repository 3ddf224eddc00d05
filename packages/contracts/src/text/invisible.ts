/*
 * Characters nobody sees but that change what a text says: Unicode's format characters
 * (category Cf: the bidirectional marks, embeddings, overrides and isolates, the zero-width
 * space and joiners, the word joiner, the byte order mark, the soft hyphen, tag characters)
 * and the C1 controls. A location of only U+200B looks empty yet is not; U+202E shows
 * "moc.live" as "evil.com"; a zero-width space inside "evil.example" slips past a check for
 * addresses. So stored analytics text and everything typed into a referral lose them.
 *
 * The price: an emoji built with a zero-width joiner (a family, a flag of England) falls
 * apart into the emoji it joins, and a zero-width non-joiner written inside a Persian word
 * is lost; the words still read.
 */

/** The format characters, as a regular expression class's contents (needs the `u` flag). */
export const FORMAT_CHARACTERS = String.raw`\p{Cf}`;

/**
 * C1 controls but NEL (U+0085), which the text cleaning treats as the line break it is; and
 * half a surrogate pair without its other half (JSON's "\ud800"), which no encoding can
 * carry: MongoDB and protobuf would store it as U+FFFD.
 */
const INVISIBLE = new RegExp(`[\\u0080-\\u0084\\u0086-\\u009f\\p{Cs}${FORMAT_CHARACTERS}]`, 'gu');

/** The text without its format characters, C1 controls and lone surrogates. */
export function withoutInvisibles(text: string): string {
  return text.replace(INVISIBLE, '');
}
