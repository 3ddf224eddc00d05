// What analytics text may be stored as, applied by the gateway when it maps a
// browser event and again by ingestion when it makes rows (messages written by
// an older gateway included): no control characters, no query strings, and
// referrers cut to origin and path, since a query string can carry personal
// data (search terms, e-mail addresses, tokens).

/** C0 and C1 controls, DEL, and the bidirectional overrides that reorder what a terminal shows. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function withoutControls(text: string): string {
  return text.replace(CONTROL, '');
}

/** A path as stored: no control characters, no query string, no fragment (no parameter is kept). */
export function storedPath(path: string): string {
  const clean = withoutControls(path);
  const cut = clean.search(/[?#]/);
  return cut === -1 ? clean : clean.slice(0, cut);
}

/**
 * A referrer as stored: origin and path only (`https://www.google.com/search`,
 * never its `?q=…`); a path alone is kept as a path; anything else that is not
 * a URL is dropped (empty).
 */
export function storedReferrer(referrer: string): string {
  const clean = withoutControls(referrer).trim();
  if (clean === '') return '';
  if (clean.startsWith('/') && !clean.startsWith('//')) return storedPath(clean);
  let url: URL;
  try {
    url = new URL(clean);
  } catch {
    return '';
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin + url.pathname;
  return url.host ? `${url.protocol}//${url.host}` : '';
}

/** Characters of a User-Agent as stored: enough for a browser, its engine and its platform. */
export const MAX_USER_AGENT_LENGTH = 256;

const EMAIL_LIKE = /[^\s()<>;,/]+@[^\s()<>;,/]+/g;
/** A run of 7 or more digits: a phone or account number (browser versions are dotted, shorter runs). */
const LONG_NUMBER = /\d{7,}/g;

/**
 * A User-Agent as stored. Browsers send product tokens, but apps and proxies write what
 * they like into the header (e-mail addresses, phone or account numbers, device names),
 * so it is not kept verbatim: no control characters, e-mail addresses and runs of 7 or
 * more digits replaced by a marker, white space collapsed, at most MAX_USER_AGENT_LENGTH
 * characters.
 */
export function storedUserAgent(userAgent: string): string {
  // A request's events, and a batch's, share one User-Agent: reduce it once.
  if (userAgent === lastUserAgent.given) return lastUserAgent.stored;
  let text = withoutControls(userAgent.replace(/[\t\r\n]+/g, ' '));
  // The e-mail pattern backtracks on every token; most agents have no @ at all.
  if (text.includes('@')) text = text.replace(EMAIL_LIKE, '[email]');
  const stored = text
    .replace(LONG_NUMBER, '[number]')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_USER_AGENT_LENGTH);
  lastUserAgent.given = userAgent;
  lastUserAgent.stored = stored;
  return stored;
}

const lastUserAgent = { given: '', stored: '' };
