import { ALLOWED_LINK_HOSTS, isAllowedLink } from './links';

describe('isAllowedLink', () => {
  it('names the kinds of site the spec allows, once each', () => {
    expect(ALLOWED_LINK_HOSTS).toEqual(
      expect.arrayContaining([
        'nih.gov',
        'cdc.gov',
        'mayoclinic.org',
        'webmd.com',
        'healthline.com',
        'medlineplus.gov',
        'pubmed.ncbi.nlm.nih.gov',
        'orthoinfo.aaos.org',
        'aaos.org',
        'assh.org',
        'bssh.ac.uk',
        'nhs.uk',
      ]),
    );
    expect(new Set(ALLOWED_LINK_HOSTS).size).toBe(ALLOWED_LINK_HOSTS.length);
    for (const host of ALLOWED_LINK_HOSTS) expect(host).toBe(host.toLowerCase());
  });

  it.each(ALLOWED_LINK_HOSTS.map((host) => [host]))('accepts the exact host %s', (host) => {
    expect(isAllowedLink(`https://${host}/`)).toBe(true);
    expect(isAllowedLink(`https://${host}`)).toBe(true);
  });

  it.each([
    'https://www.nhs.uk/conditions/carpal-tunnel-syndrome/',
    'https://www.ninds.nih.gov/health-information/disorders/carpal-tunnel-syndrome',
    'https://pubmed.ncbi.nlm.nih.gov/?term=trigger%20finger',
    'https://handcare.assh.org/',
    'https://a.b.c.mayoclinic.org/page?x=1#part',
    'HTTPS://WWW.NHS.UK/conditions/',
  ])('accepts a subdomain or path on an allowed host: %s', (url) => {
    expect(isAllowedLink(url)).toBe(true);
  });

  it.each([
    ['a look-alike with the allowed host as a prefix', 'https://nih.gov.evil.com/'],
    ['a look-alike with the allowed host as a suffix without a dot', 'https://evilnih.gov/'],
    ['a look-alike of a multi-label host', 'https://notnhs.uk/'],
    ['an allowed name inside a path', 'https://evil.com/nih.gov'],
    ['an allowed name inside the query', 'https://evil.com/?next=https://nih.gov'],
    ['an allowed name as a subdomain of another site', 'https://nih.gov.example.org/'],
    ['a host that is only a suffix of an allowed one', 'https://gov/'],
    ['an unlisted host', 'https://example.com/'],
  ])('rejects %s', (_label, url) => {
    expect(isAllowedLink(url)).toBe(false);
  });

  it.each([
    ['plain http', 'http://www.nhs.uk/conditions/'],
    ['ftp', 'ftp://nih.gov/file'],
    ['javascript', 'javascript:alert(1)//https://nih.gov'],
    ['data', 'data:text/html,<a href="https://nih.gov">x</a>'],
    ['a protocol-relative address', '//www.nhs.uk/'],
    ['a relative path', '/conditions/trigger-finger'],
    ['an empty string', ''],
    ['text that is not a URL', 'not a url'],
    ['a broken host', 'https://nih gov/'],
    ['an explicit non-default port', 'https://www.nhs.uk:8443/'],
  ])('rejects %s', (_label, url) => {
    expect(isAllowedLink(url)).toBe(false);
  });

  it.each([
    ['credentials that look like the allowed host', 'https://nih.gov@evil.com/'],
    ['a user name before an allowed host', 'https://evil.com@nih.gov/'],
    ['a user name and password before an allowed host', 'https://user:pass@www.nhs.uk/'],
    ['backslash tricks that end up as credentials', 'https:\\\\evil.com@nih.gov/'],
  ])('rejects %s', (_label, url) => {
    expect(isAllowedLink(url)).toBe(false);
  });

  it('judges the host a browser would actually visit', () => {
    // The WHATWG parser ends the host at a backslash, so this goes to nih.gov, not evil.com.
    expect(isAllowedLink('https://nih.gov\\@evil.com/')).toBe(true);
    expect(isAllowedLink('https://evil.com\\@nih.gov/')).toBe(false);
  });

  it('rejects values that are not strings', () => {
    for (const value of [undefined, null, 42, {}, ['https://nih.gov/']]) {
      expect(isAllowedLink(value as unknown as string)).toBe(false);
    }
  });
});
