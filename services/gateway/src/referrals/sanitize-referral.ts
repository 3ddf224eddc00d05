import { cleanEmail, cleanText } from '@handcheck/diagnosis';

// Spec section 5, applied to the referral body before it is validated: the very
// functions the browser uses (packages/diagnosis), so both sides clean alike.

/** Text: '' for a non-string, markup stripped, trimmed. Never cut: too long is refused, not shortened. */
export const sanitizeText = (value: unknown): string => cleanText(value);

/** The cleaned address when it looks like local@domain.tld with no spaces, else ''. */
export const sanitizeEmail = (value: unknown): string => cleanEmail(value);

/** An optional text field: null when nothing is left after cleaning. */
export const sanitizeOptionalText = (value: unknown): string | null => {
  const cleaned = cleanText(value);
  return cleaned === '' ? null : cleaned;
};

/** A list of texts: each item cleaned and empty ones dropped; a non-list is left for validation to refuse. */
export const sanitizeList = (value: unknown): unknown =>
  Array.isArray(value) ? value.map((item) => cleanText(item)).filter((item) => item !== '') : value;
