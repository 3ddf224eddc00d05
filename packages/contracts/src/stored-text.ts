// What analytics text may be stored as, applied by the gateway when it maps a
// browser event and again by ingestion when it makes rows (messages written by
// an older gateway included): no control characters, no query strings, and
// referrers cut to origin and path, since a query string can carry personal
// data (search terms, e-mail addresses, tokens).
import { memoized } from './memoized';
import { FORMAT_CHARACTERS } from './text/invisible';

/**
 * C0 and C1 controls, DEL, and the format characters (text/invisible.ts): the bidirectional
 * overrides that reorder what a terminal shows, zero-width characters and the rest of Cf.
 */
const CONTROL = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f${FORMAT_CHARACTERS}]`, 'gu');

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

/** An e-mail address, its @ plain or percent-encoded (once or twice: `%40`, `%2540`). */
const EMAIL_LIKE = /[^\s()<>;,/]+(?:@|%(?:25)?40)[^\s()<>;,/]+/gi;
const HAS_AT = /@|%(?:25)?40/i;
/** A dotted quad not inside a longer dotted number (a version such as 124.0.6367.207.1). */
const IPV4_LIKE = /(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?!\.?\d)/g;
/** A run of hex digits, colons and dots with two colons or more (then checked by isIpv6). */
const IPV6_LIKE = /(?<![\w:.])(?=[0-9a-f.]*:[0-9a-f.]*:)[0-9a-f:.]{2,45}(?![\w:.])/gi;
const DOTTED_QUAD = /^\d{1,3}(?:\.\d{1,3}){3}$/;
/**
 * Digits in groups split by single spaces or hyphens, or in parentheses (`+44 7700 900123`,
 * `(555) 123-4567`), as a word of its own: a product's version follows a slash or a dot.
 */
const GROUPED_DIGITS = /(?<![\w.+/-])\+?(?:\(\d+\)|\d+)(?:[ -](?:\(\d+\)|\d+))*(?![\w.])/g;
/** A run of 7 or more digits anywhere: a phone or account number (versions are dotted, shorter runs). */
const LONG_NUMBER = /(?<!\d)\d{7,}/g;
/** The shortest phone number we mark, counting digits only. */
const MIN_NUMBER_DIGITS = 7;

/**
 * An IPv4 address as a client's or a proxy's: octets up to 255, and not `N.0.0.0`, which names
 * a network, never a host, and is how Chrome and Edge freeze their versions (`Chrome/124.0.0.0`).
 */
function isHostIpv4(text: string): boolean {
  const octets = text.split('.').map(Number);
  return octets.every((octet) => octet <= 255) && !/\.0\.0\.0$/.test(text);
}

/** RFC 4291 text forms: eight groups, or fewer around one `::`, the last two maybe as IPv4. */
function isIpv6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = (half: string | undefined) => (half ? half.split(':') : []);
  const parts = [...groups(halves[0]), ...groups(halves[1])];
  const last = parts.at(-1) ?? '';
  const ipv4Tail = last.includes('.');
  if (ipv4Tail && !(DOTTED_QUAD.test(last) && isHostIpv4(last))) return false;
  const hexGroups = ipv4Tail ? parts.slice(0, -1) : parts;
  if (!hexGroups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return false;
  const width = hexGroups.length + (ipv4Tail ? 2 : 0);
  return halves.length === 2 ? width <= 7 : width === 8;
}

const digitCount = (text: string) => text.replace(/\D/g, '').length;

/**
 * A User-Agent as stored. Browsers send product tokens, but apps and proxies write what they
 * like into the header (e-mail addresses, IP addresses, phone or account numbers), so it is
 * not kept verbatim: no control characters; e-mail addresses (also percent-encoded) become
 * `[email]`, IPv4 and IPv6 addresses `[ip]`, numbers of 7 or more digits, spaced or not,
 * `[number]`; white space collapsed; at most MAX_USER_AGENT_LENGTH characters. Browsers'
 * own strings pass unchanged (stored-text.spec.ts keeps a set of real ones).
 */
export function storedUserAgent(userAgent: string): string {
  return storedUserAgents(userAgent);
}

// Consecutive requests come from different browsers, but from the same few kinds of browser:
// kept, most agents are reduced once (the expressions below cost microseconds an agent). Only
// agents the reduction leaves as they are (browsers' own) are kept, so none held in memory
// carries what it removes (an address, a number).
const storedUserAgents = memoized(
  reducedUserAgent,
  1024,
  4 * MAX_USER_AGENT_LENGTH,
  (agent, stored) => stored === agent,
);

function reducedUserAgent(userAgent: string): string {
  let text = withoutControls(userAgent.replace(/[\t\r\n]+/g, ' '));
  // The e-mail pattern backtracks on every token; most agents have no @ at all.
  if (HAS_AT.test(text)) text = text.replace(EMAIL_LIKE, '[email]');
  if (text.includes(':')) {
    text = text.replace(IPV6_LIKE, (found) => (isIpv6(found) ? '[ip]' : found));
  }
  return text
    .replace(IPV4_LIKE, (found) => (isHostIpv4(found) ? '[ip]' : found))
    .replace(GROUPED_DIGITS, (found) =>
      digitCount(found) >= MIN_NUMBER_DIGITS ? '[number]' : found,
    )
    .replace(LONG_NUMBER, (found, offset: number, whole: string) =>
      isGeckoBuildDate(found, offset, whole) ? found : '[number]',
    )
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_USER_AGENT_LENGTH);
}

/** Firefox's `Gecko/20100101`: a build date, frozen in every Firefox on a desktop. */
function isGeckoBuildDate(digits: string, offset: number, whole: string): boolean {
  return digits.length === 8 && whole.slice(offset - 6, offset) === 'Gecko/';
}
