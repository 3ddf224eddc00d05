/*
 * Text cleaning for anything a visitor types (spec section 5): a non-string becomes '',
 * all markup is stripped, and the result is trimmed. HTML entities are deliberately left
 * encoded: decoding '&lt;script&gt;' would turn inert text back into markup.
 */

// Elements whose contents are code or hidden markup, not words the visitor meant to write.
const RAW_CONTENT_ELEMENT =
  /<(script|style|template|iframe|noscript|noembed|noframes|xmp)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
// An opened but never closed raw-content element would swallow the rest of the page in a browser.
const UNCLOSED_RAW_CONTENT_ELEMENT =
  /<(?:script|style|template|iframe|noscript|noembed|noframes|xmp)\b[\s\S]*$/i;
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
// Quoted attribute values may contain '>', so they are consumed whole.
const TAG = /<\/?[a-z][^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>/gi;
const DECLARATION = /<[!?][^>]*>/g;
// A tag cut off by the end of the text still opens an element in a browser.
const UNFINISHED_TAG = /<\/?[a-z!?][^>]*$/i;
// C0 controls except tab, line feed and carriage return, plus DEL.
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

// Each pass can join fragments into a new tag ('<scr<b></b>ipt>'), so passes repeat until
// nothing changes; every pass that changes anything shortens the text, so this ends.
function stripMarkup(text: string): string {
  let current = text;
  for (;;) {
    const next = current
      .replace(RAW_CONTENT_ELEMENT, '')
      .replace(UNCLOSED_RAW_CONTENT_ELEMENT, '')
      .replace(COMMENT, '')
      .replace(TAG, '')
      .replace(DECLARATION, '')
      .replace(UNFINISHED_TAG, '');
    if (next === current) return next;
    current = next;
  }
}

// Cuts by UTF-16 length (what a textarea's maxlength counts) without leaving half of a
// surrogate pair behind.
function truncate(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let cut = text.slice(0, maxLength);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return cut;
}

/**
 * Plain text from untrusted input: '' for non-strings, markup removed (including the contents
 * of script and style elements), trimmed, then cut to at most `maxLength` characters when
 * given (in that order, as spec section 5 lists them).
 */
export function cleanText(value: unknown, maxLength?: number): string {
  if (typeof value !== 'string') return '';
  const cleaned = stripMarkup(value.replace(CONTROL, '')).trim();
  if (maxLength === undefined || !Number.isFinite(maxLength)) return cleaned;
  return truncate(cleaned, Math.max(0, Math.floor(maxLength)));
}
