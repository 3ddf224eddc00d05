/*
 * Outside links are shown only when their host is one of these, or a subdomain of one
 * (spec section 5). One entry per kind of site the spec names, plus the NHS for UK readers.
 */
export const ALLOWED_LINK_HOSTS: readonly string[] = [
  'nih.gov', // national health institute
  'cdc.gov', // disease control agency
  'mayoclinic.org', // clinic
  'webmd.com', // consumer health site
  'healthline.com', // consumer health site
  'medlineplus.gov', // medical library
  'pubmed.ncbi.nlm.nih.gov', // biomedical literature database
  'orthoinfo.aaos.org', // orthopaedic education site
  'aaos.org', // orthopaedic surgeons society
  'assh.org', // hand surgery society
  'bssh.ac.uk', // UK hand surgery society
  'nhs.uk', // UK national health service
];

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * True only for an absolute https URL without credentials or an explicit port whose host
 * equals an allowed host or ends with '.' + one. Anything unparseable is rejected.
 */
export function isAllowedLink(url: string): boolean {
  if (typeof url !== 'string') return false;
  const parsed = parse(url);
  if (!parsed || parsed.protocol !== 'https:') return false;
  // 'https://nih.gov@evil.example' style links exist to mislead the reader about the target.
  if (parsed.username !== '' || parsed.password !== '') return false;
  if (parsed.port !== '') return false;
  const host = parsed.hostname;
  return ALLOWED_LINK_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/** The browser's canonical form of an allowed link, or null when it is not allowed. */
export function canonicalAllowedLink(url: string): string | null {
  return isAllowedLink(url) ? (parse(url)?.href ?? null) : null;
}
