import { categories } from './categories';
import { conditions } from './conditions';
import { LANDING_TEASERS, LEGACY_REDIRECTS, PUBLIC_ROUTES, normalisePath } from './routes';

const SPEC_REDIRECTS: [string, string][] = [
  ['/conditions/tennis-elbow', '/conditions/tennis-elbow-lateral-epicondylitis'],
  ['/conditions/golfers-elbow', '/conditions/golfers-elbow-medial-epicondylitis'],
  ['/conditions/dupuytrens', '/conditions/dupuytrens-contracture'],
  ['/conditions/dupuytren', '/conditions/dupuytrens-contracture'],
  ['/conditions/de-quervains', '/conditions/de-quervains-tenosynovitis'],
  ['/conditions/dequervains', '/conditions/de-quervains-tenosynovitis'],
  ['/conditions/carpal-tunnel', '/conditions/carpal-tunnel-syndrome'],
  ['/conditions/trigger-finger-syndrome', '/conditions/trigger-finger'],
  ['/hand-pain', '/hand-conditions'],
  ['/wrist-pain', '/wrist-conditions'],
  ['/elbow-pain', '/elbow-conditions'],
  ['/index.html', '/'],
];

describe('LEGACY_REDIRECTS', () => {
  it('is exactly the spec list', () => {
    expect(LEGACY_REDIRECTS).toEqual(Object.fromEntries(SPEC_REDIRECTS));
  });

  it('only points at public pages, never at another redirect', () => {
    const publicPaths = new Set(PUBLIC_ROUTES.map((route) => route.path));
    for (const target of Object.values(LEGACY_REDIRECTS)) {
      expect(publicPaths).toContain(target);
      expect(normalisePath(target)).toBeNull();
    }
  });
});

describe('normalisePath', () => {
  it.each(SPEC_REDIRECTS)('redirects %s to %s', (from, to) => {
    expect(normalisePath(from)).toBe(to);
  });

  it.each(SPEC_REDIRECTS)('redirects %s with a trailing slash and upper case too', (from, to) => {
    expect(normalisePath(`${from.toUpperCase()}/`)).toBe(to);
  });

  it('removes trailing slashes except on the root', () => {
    expect(normalisePath('/about/')).toBe('/about');
    expect(normalisePath('/faq///')).toBe('/faq');
    expect(normalisePath('/conditions/trigger-finger/')).toBe('/conditions/trigger-finger');
    expect(normalisePath('/')).toBeNull();
    expect(normalisePath('//')).toBe('/');
  });

  it('lower-cases paths', () => {
    expect(normalisePath('/About')).toBe('/about');
    expect(normalisePath('/HAND-CONDITIONS')).toBe('/hand-conditions');
    expect(normalisePath('/Conditions/Mallet-Finger')).toBe('/conditions/mallet-finger');
    expect(normalisePath('/no-such-PAGE')).toBe('/no-such-page');
  });

  it('leaves every canonical public path alone', () => {
    for (const { path } of PUBLIC_ROUTES) expect(normalisePath(path)).toBeNull();
    for (const path of ['/admin', '/admin/login', '/no-such-page', '/conditions/unknown']) {
      expect(normalisePath(path)).toBeNull();
    }
  });

  it('keeps a query string or fragment unchanged', () => {
    expect(normalisePath('/About/?Ref=Mail')).toBe('/about?Ref=Mail');
    expect(normalisePath('/hand-pain#Top')).toBe('/hand-conditions#Top');
    expect(normalisePath('/about?x=1')).toBeNull();
    expect(normalisePath('/?q=/Evil/')).toBeNull();
  });

  it('never produces a protocol-relative address (open redirect)', () => {
    expect(normalisePath('//Evil.example/')).toBe('/evil.example');
    expect(normalisePath('//evil.example')).toBe('/evil.example');
    expect(normalisePath('/\\evil.example')).toBe('/evil.example');
    expect(normalisePath('/\\/evil.example/')).toBe('/evil.example');
    expect(normalisePath('/about//team')).toBe('/about/team');
  });

  it('ignores input that is not a path', () => {
    expect(normalisePath('')).toBeNull();
    expect(normalisePath('about')).toBeNull();
    expect(normalisePath('https://evil.example/')).toBeNull();
    expect(normalisePath(undefined as unknown as string)).toBeNull();
  });

  it('does not resolve keys inherited from Object.prototype', () => {
    expect(normalisePath('/constructor')).toBeNull();
    expect(normalisePath('/__proto__')).toBeNull();
  });

  it('is idempotent', () => {
    for (const path of ['/About/', '//x//Y/', '/Conditions/Tennis-Elbow/', '/index.html']) {
      const once = normalisePath(path) ?? path;
      expect(normalisePath(once)).toBeNull();
    }
  });
});

describe('PUBLIC_ROUTES', () => {
  it('covers the fixed pages, the three category lists and all 13 condition pages', () => {
    const paths = PUBLIC_ROUTES.map((route) => route.path);
    expect(paths).toEqual([
      '/',
      '/symptom-checker',
      '/about',
      '/privacy',
      '/terms',
      '/faq',
      '/hand-conditions',
      '/wrist-conditions',
      '/elbow-conditions',
      ...conditions.map((condition) => `/conditions/${condition.slug}`),
    ]);
    expect(paths).toHaveLength(22);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives every page a title without the brand suffix and a description', () => {
    for (const route of PUBLIC_ROUTES) {
      expect(route.title.trim()).not.toBe('');
      expect(route.title).not.toMatch(/[|–-]\s*HandCheck\s*$/);
      expect(route.description.length).toBeGreaterThan(50);
      expect(route.description.length).toBeLessThanOrEqual(170);
    }
  });

  it('uses the page and category titles', () => {
    const titles = Object.fromEntries(PUBLIC_ROUTES.map((route) => [route.path, route.title]));
    expect(titles['/privacy']).toBe('Privacy and Data Protection Policy');
    expect(titles['/terms']).toBe('Terms of Use');
    for (const category of categories) expect(titles[category.path]).toBe(category.title);
  });
});

describe('LANDING_TEASERS', () => {
  it('links the eight spec teasers straight to canonical condition pages', () => {
    const conditionPaths = new Set(conditions.map((condition) => `/conditions/${condition.slug}`));
    expect(LANDING_TEASERS).toHaveLength(8);
    for (const teaser of LANDING_TEASERS) {
      expect(conditionPaths).toContain(teaser.path);
      expect(normalisePath(teaser.path)).toBeNull();
      expect(teaser.label.trim()).not.toBe('');
    }
    expect(LANDING_TEASERS.find((teaser) => teaser.label === 'Arthritis')?.path).toBe(
      '/conditions/hand-wrist-arthritis',
    );
  });
});
