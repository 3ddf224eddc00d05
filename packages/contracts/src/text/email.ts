import { cleanVisibleText } from './clean-line';

/** Characters of an address (RFC 5321's limit on a forward path; spec section 9). */
export const EMAIL_MAX = 254;

/*
 * The HTML standard's "valid e-mail address": exactly what `<input type=email>` accepts.
 * It is the one rule the browser, the gateway, the referral consumer and the mailer share:
 * no spaces, no quotes, no comments, so an accepted address is also a plain SMTP path
 * that needs no quoting in a header (a quoted local part would be mangled in Reply-To).
 */
const VALID_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** The same rule as a pattern, for schemas (JSON Schema's `pattern`, class-validator's Matches). */
export const EMAIL_PATTERN = VALID_EMAIL;

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && VALID_EMAIL.test(value);
}

/** Spec section 5: the cleaned text when it is an address, else ''. */
export function cleanEmail(value: unknown): string {
  const cleaned = cleanVisibleText(value);
  return isEmail(cleaned) ? cleaned : '';
}
