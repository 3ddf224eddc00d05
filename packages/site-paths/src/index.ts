// The site's URL rules, shared by the gateway (301 answers) and the browser
// (replace navigation), so the two can never disagree.

export const LEGACY_REDIRECTS: Readonly<Record<string, string>> = {
  '/conditions/tennis-elbow': '/conditions/tennis-elbow-lateral-epicondylitis',
  '/conditions/golfers-elbow': '/conditions/golfers-elbow-medial-epicondylitis',
  '/conditions/dupuytrens': '/conditions/dupuytrens-contracture',
  '/conditions/dupuytren': '/conditions/dupuytrens-contracture',
  '/conditions/de-quervains': '/conditions/de-quervains-tenosynovitis',
  '/conditions/dequervains': '/conditions/de-quervains-tenosynovitis',
  '/conditions/carpal-tunnel': '/conditions/carpal-tunnel-syndrome',
  '/conditions/trigger-finger-syndrome': '/conditions/trigger-finger',
  '/hand-pain': '/hand-conditions',
  '/wrist-pain': '/wrist-conditions',
  '/elbow-pain': '/elbow-conditions',
  '/index.html': '/',
};

/**
 * The canonical form of a path, or null when it is canonical already:
 * lower-cased, without a trailing slash (except the root), legacy paths mapped.
 */
export function normalisePath(path: string): string | null {
  let canonical = path.toLowerCase();
  if (canonical.length > 1) canonical = canonical.replace(/\/+$/, '') || '/';
  canonical = LEGACY_REDIRECTS[canonical] ?? canonical;
  return canonical === path ? null : canonical;
}
