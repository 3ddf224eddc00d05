/*
 * What the patient's confirmation may repeat of what was typed into the form. The
 * confirmation goes to whatever address the form was given, from our own address, so
 * whatever it repeats is a message anyone can have us send to anyone. It therefore repeats
 * a name or a location only when it is short and cannot point anywhere: no web or e-mail
 * address, nothing a mail client would make a link of, no phone number. Anything else is
 * left out of the confirmation (the greeting becomes "Hello,"), never rewritten; the
 * specialist still gets every word.
 */

/** Longer than nearly every full name (a greeting needs no more), too short for a pitch. */
export const CONFIRMATION_NAME_MAX = 40;
/** A town, a county or state and a country fit ("Stratford-upon-Avon, Warwickshire, UK"). */
export const CONFIRMATION_LOCATION_MAX = 60;

/** A dot as mail clients and browsers take one in a host name (full-width, ideographic, …). */
const DOT = '[.\\u2024\\u3002\\uff0e\\uff61]';

/** What makes a text point somewhere: a mail client turns most of these into links. */
const POINTS_SOMEWHERE: readonly RegExp[] = [
  // An e-mail address or a handle, also with a full-width or small commercial at.
  /[@\uff20\ufe6b]/u,
  // A URL scheme with something after it: https://, mailto:, tel:, sms:, data:, …
  /\p{L}[\p{L}\p{N}+.-]*:[^\s]/u,
  // A host name: a dot between a letter or digit and a top-level domain (2 letters or more).
  new RegExp(`[\\p{L}\\p{N}-]${DOT}\\p{L}{2,}`, 'u'),
  // Seven or more digits in a run (spaces, dots, dashes, brackets, slashes or + between).
  /(?:\p{Nd}[\s().+/-]*){7}/u,
];

/** Characters as a reader counts them (an emoji is one). */
const length = (text: string) => [...text].length;

function repeatable(text: string | null, max: number): string | null {
  if (text === null || text === '' || length(text) > max) return null;
  return POINTS_SOMEWHERE.some((pattern) => pattern.test(text)) ? null : text;
}

/** The name to greet the patient by, or null to say just "Hello,". */
export function confirmationName(name: string | null): string | null {
  return repeatable(name, CONFIRMATION_NAME_MAX);
}

/** The location to show the patient, or null to leave the line out. */
export function confirmationLocation(location: string): string | null {
  return repeatable(location, CONFIRMATION_LOCATION_MAX);
}
