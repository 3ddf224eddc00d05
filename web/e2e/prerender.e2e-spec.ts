import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PUBLIC_ROUTES, REVIEW_STATUS, conditions } from '../src/content';

/*
 * Checks the files `npm run build -w web` wrote to web/dist: what crawlers and social sites
 * read before any JavaScript runs.
 */
const DIST = join(__dirname, '..', 'dist');

function fileFor(path: string): string {
  return path === '/'
    ? join(DIST, 'index.html')
    : join(DIST, ...path.split('/').filter(Boolean), 'index.html');
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function meta(html: string, key: 'name' | 'property', id: string): string | undefined {
  const match = new RegExp(
    `<meta ${key}="${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" content="([^"]*)"`,
  ).exec(html);
  return match ? decode(match[1]) : undefined;
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]) as Record<string, unknown>,
  );
}

function page(path: string) {
  const html = readFileSync(fileFor(path), 'utf8');
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  return {
    html,
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    canonical: canonical ? decode(canonical) : undefined,
    types: jsonLd(html).map((block) => block['@type']),
    blocks: jsonLd(html),
  };
}

const conditionPaths = new Set(conditions.map((condition) => `/conditions/${condition.slug}`));
const faqPaths = new Set(['/faq', '/symptom-checker', ...conditionPaths]);

describe('prerendered pages', () => {
  const origin = new URL(page('/').canonical ?? 'invalid:').origin;

  it.each(PUBLIC_ROUTES.map((route) => [route.path, route]))(
    '%s has its title, description, canonical, social tags and structured data',
    (path, route) => {
      expect(existsSync(fileFor(path))).toBe(true);
      const { html, title, canonical, types, blocks } = page(path);
      expect(title).toBe(`${route.title} | HandCheck`);
      expect(meta(html, 'name', 'description')).toBe(route.description);
      expect(canonical).toBe(`${origin}${path}`);
      expect(meta(html, 'name', 'robots')).toBe('index, follow');
      expect(meta(html, 'name', 'theme-color')).toBe('#3b82f6');
      expect(meta(html, 'property', 'og:title')).toBe(title);
      expect(meta(html, 'property', 'og:description')).toBe(route.description);
      expect(meta(html, 'property', 'og:url')).toBe(canonical);
      expect(meta(html, 'property', 'og:type')).toBe(
        conditionPaths.has(path) ? 'article' : 'website',
      );
      expect(meta(html, 'name', 'twitter:card')).toBe('summary');
      expect(meta(html, 'name', 'twitter:title')).toBe(title);

      expect(types).toEqual([
        'BreadcrumbList',
        ...(faqPaths.has(path) ? ['FAQPage'] : []),
        ...(conditionPaths.has(path) ? ['MedicalWebPage'] : []),
      ]);
      const crumbs = blocks[0].itemListElement as { position: number; item: string }[];
      expect(crumbs[0]).toMatchObject({ position: 1, item: `${origin}/` });
      expect(crumbs[crumbs.length - 1].item).toBe(canonical);
      if (conditionPaths.has(path)) {
        const page = blocks[blocks.length - 1];
        expect(page).toMatchObject({ about: { '@type': 'MedicalCondition' } });
        // A review date only while a recorded review covers the text; else the change date.
        if (REVIEW_STATUS.reviewed)
          expect(page).toMatchObject({ lastReviewed: REVIEW_STATUS.date });
        else {
          expect(page).not.toHaveProperty('lastReviewed');
          expect(page).toMatchObject({ dateModified: REVIEW_STATUS.lastUpdated });
        }
      }

      expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
      // No inline executable script but the bootstrap, which the CSP allows by its hash.
      expect(html).not.toMatch(
        /<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")(?![^>]*\bdata-entry=)[^>]*>/,
      );
      expect(html.match(/<script\b[^>]*\bdata-entry=/g)).toHaveLength(1);
      expect(html).toContain('<style data-s="" data-emotion="css');
    },
  );

  it.each([
    ['/404', '404.html'],
    ['/admin/login', 'admin/login/index.html'],
    ['/admin', 'admin/index.html'],
  ])('%s is prerendered and kept out of search engines', (_path, file) => {
    const html = readFileSync(join(DIST, file), 'utf8');
    expect(meta(html, 'name', 'robots')).toBe('noindex, nofollow');
    expect(html).toMatch(/<title>[^<]+ \| HandCheck<\/title>/);
  });

  it('lists every public route in sitemap.xml and keeps /admin out of robots.txt', () => {
    const sitemap = readFileSync(join(DIST, 'sitemap.xml'), 'utf8');
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(PUBLIC_ROUTES.map((route) => `${origin}${route.path}`));
    const robots = readFileSync(join(DIST, 'robots.txt'), 'utf8');
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });

  it('gives the gateway the hash of the inline bootstrap, the same on every page', () => {
    const { scriptSrc } = JSON.parse(readFileSync(join(DIST, 'csp.json'), 'utf8')) as {
      scriptSrc: string[];
    };
    const files = [
      ...PUBLIC_ROUTES.map((route) => fileFor(route.path)),
      join(DIST, '404.html'),
      join(DIST, 'admin/index.html'),
      join(DIST, 'admin/login/index.html'),
    ];
    const hashes = new Set(
      files.map((file) => {
        const [, code] = /<script\b[^>]*\bdata-entry=[^>]*>([\s\S]*?)<\/script>/.exec(
          readFileSync(file, 'utf8'),
        )!;
        return `'sha256-${createHash('sha256').update(code!, 'utf8').digest('base64')}'`;
      }),
    );
    expect([...hashes]).toEqual(scriptSrc);
  });

  it('lists the hash of every inline JSON-LD block for the CSP', () => {
    const { scriptSrc } = JSON.parse(readFileSync(join(DIST, 'csp-hashes.json'), 'utf8')) as {
      scriptSrc: string[];
    };
    const files = [...PUBLIC_ROUTES.map((route) => fileFor(route.path)), join(DIST, '404.html')];
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(
        /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g,
      )) {
        expect(scriptSrc).toContain(
          `'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`,
        );
      }
    }
  });
});
