import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { parseEventBatch } from '@handcheck/contracts/browser-events';
import {
  LANDING_TEASERS,
  PUBLIC_ROUTES,
  REVIEW_STATUS,
  aboutPage,
  categories,
  checkerFaqs,
  conditions,
  conditionsInCategory,
  findCategory,
  privacyPage,
  relatedConditions,
  resourcesFor,
  siteFaqs,
  termsPage,
} from '../src/content';
import { BOLD, TEXT_SIZE } from '../src/theme/typeScale';
import {
  E2E_TIMEOUT_MS,
  axeViolations,
  gotoPage,
  launchBrowser,
  openPage,
  siteUrl,
  type TestPage,
} from '../../tests/support/browser/browser';

jest.setTimeout(E2E_TIMEOUT_MS);

const CHROME = ['Skip to main content', 'About', 'Home', 'Privacy Policy', 'Terms of Use'];

/** Texts each public route must show (spec §2), besides the header and footer. */
function expectedTexts(path: string): string[] {
  switch (path) {
    case '/':
      return [
        // The review claim only while a recorded review covers the text (clinical-review.json).
        REVIEW_STATUS.label,
        'Start Free Assessment',
        '3 min',
        'No registration required • Completely confidential',
        'In an emergency, call 911',
        ...categories.map((category) => category.title),
        'Comprehensive Analysis',
        'Quick Assessment',
        'Expert Referrals',
        'Browse all conditions',
        'About HandCheck',
      ];
    case '/symptom-checker':
      return [
        REVIEW_STATUS.reviewed ? 'Medically Reviewed' : REVIEW_STATUS.label,
        'Start Symptom Assessment',
        '3 min',
        'No registration required • Completely confidential',
        'Comprehensive Analysis',
        'Quick Assessment',
        'under 3 minutes',
        'Expert Referrals',
        ...LANDING_TEASERS.map((teaser) => teaser.label),
        'In an emergency, call 911',
        ...checkerFaqs.map((faq) => faq.question),
        'Browse all conditions',
      ];
    case '/about':
      return [aboutPage.title, ...aboutPage.sections.map((section) => section.heading)];
    case '/privacy':
      return [
        privacyPage.title,
        'Last updated 29 July 2025',
        ...privacyPage.sections.map((section) => section.heading),
      ];
    case '/terms':
      return [
        termsPage.title,
        'Last updated 29 July 2025',
        ...termsPage.sections.map((section) => section.heading),
      ];
    case '/faq':
      return [
        'Back to Home',
        'Frequently Asked Questions',
        'Symptom Checker',
        'Hand Conditions',
        'About Us',
        ...siteFaqs.map((faq) => faq.question),
        'Start Symptom Checker',
      ];
  }
  const category = categories.find((candidate) => candidate.path === path);
  if (category) {
    return [
      category.title,
      ...conditionsInCategory(category.id).flatMap((condition) => [
        condition.name,
        ...condition.symptoms.slice(0, 3),
      ]),
      'Learn More',
      'Start Free Assessment',
    ];
  }
  const condition = conditions.find((candidate) => `/conditions/${candidate.slug}` === path);
  if (!condition) throw new Error(`no expectations for ${path}`);
  return [
    findCategory(condition.category).title,
    condition.name,
    condition.metaDescription,
    'for education only',
    'Common Symptoms',
    ...condition.symptoms,
    'Treatment Options',
    ...condition.treatments,
    ...condition.faqs.map((faq) => faq.question),
    'Get Professional Assessment',
    'Start Free Assessment',
    // The Learn More card only appears when the guide has outside resources.
    ...(hasResources(condition.engineNames[0]) ? ['Learn More', 'Medical Resources'] : []),
    'Related Conditions',
    'View All',
    ...relatedConditions(condition.slug, 3).map((related) => related.name),
    REVIEW_STATUS.dateLine,
  ];
}

function hasResources(engineName: string | undefined): boolean {
  if (!engineName) return false;
  const resources = resourcesFor(engineName);
  return resources.medical.length + resources.specialist.length > 0;
}

async function mainText(page: Page): Promise<string> {
  return (await page.locator('body').innerText()).replace(/\s+/g, ' ');
}

let browser: Browser;
let tab: TestPage;
beforeAll(async () => {
  browser = await launchBrowser();
  tab = await openPage(browser);
});
afterAll(async () => {
  await tab.close();
  await browser.close();
});
afterEach(() => {
  expect(tab.errors.splice(0)).toEqual([]);
});

describe('public pages', () => {
  it.each(PUBLIC_ROUTES.map((route) => [route.path]))(
    '%s shows its spec content, one h1, and passes axe',
    async (path) => {
      const { page } = tab;
      const response = await gotoPage(page, path);
      expect(response?.status()).toBe(200);
      const text = await mainText(page);
      for (const expected of [...CHROME, ...expectedTexts(path)])
        expect({
          path,
          text: text.includes(expected.replace(/\s+/g, ' ')) ? expected : text,
        }).toEqual({ path, text: expected });
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('main#main').count()).toBe(1);
      expect(await page.title()).toMatch(/ \| HandCheck$/);
      expect(await axeViolations(page)).toEqual([]);
    },
  );

  it('links breadcrumbs from Home through the category to the condition', async () => {
    const { page } = tab;
    await gotoPage(page, '/conditions/trigger-finger');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('link').allInnerTexts()).toEqual(['Home', 'Hand Conditions']);
    expect(await crumbs.locator('[aria-current="page"]').innerText()).toBe('Trigger Finger');
  });

  it('opens outside resources in a new tab, marked for screen readers', async () => {
    const { page } = tab;
    await gotoPage(page, '/conditions/carpal-tunnel-syndrome');
    const links = page.locator('main a[target="_blank"]');
    expect(await links.count()).toBeGreaterThan(0);
    for (const link of await links.all()) {
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await link.innerText()).toContain('(opens in a new tab)');
      expect(await link.getAttribute('href')).toMatch(/^https:\/\//);
    }
  });

  it('keeps one FAQ answer open at a time, collapsible, with Home/End/arrow keys between questions', async () => {
    const { page } = tab;
    await gotoPage(page, '/faq');
    const headers = page.locator('main button[aria-controls]');
    expect(await headers.count()).toBe(10);
    const expanded = () =>
      headers.evaluateAll((buttons) =>
        buttons.map((button) => button.getAttribute('aria-expanded')),
      );
    expect(await expanded()).toEqual(Array(10).fill('false'));

    await headers.nth(0).click();
    const panel = page.locator(`#${await headers.nth(0).getAttribute('aria-controls')}`);
    expect(await panel.innerText()).toBe(siteFaqs[0].answer);
    await headers.nth(3).click();
    expect((await expanded()).filter((value) => value === 'true')).toHaveLength(1);
    expect(await headers.nth(3).getAttribute('aria-expanded')).toBe('true');
    await headers.nth(3).click();
    expect(await expanded()).toEqual(Array(10).fill('false'));

    const focusedIndex = () =>
      headers.evaluateAll((buttons) =>
        buttons.findIndex((button) => button === document.activeElement),
      );
    await headers.nth(0).focus();
    await page.keyboard.press('ArrowUp');
    expect(await focusedIndex()).toBe(9);
    await page.keyboard.press('ArrowDown');
    expect(await focusedIndex()).toBe(0);
    await page.keyboard.press('End');
    expect(await focusedIndex()).toBe(9);
    await page.keyboard.press('Home');
    expect(await focusedIndex()).toBe(0);
    await page.keyboard.press('Enter');
    expect(await headers.nth(0).getAttribute('aria-expanded')).toBe('true');
  });

  it('moves keyboard focus to the main content with the skip link', async () => {
    const { page } = tab;
    await gotoPage(page, '/about');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Skip to main content',
    );
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  });
});

describe('not found and redirects', () => {
  it.each([['/no-such-page'], ['/conditions/no-such-condition']])(
    '%s answers 404 with the 404 page and reports the broken link',
    async (path) => {
      const { page, events } = tab;
      const response = await gotoPage(page, path);
      // Neither has a prerendered file, so the server answers 404 with the shared 404 page.
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
      const text = await mainText(page);
      expect(text).toContain("The page you're looking for doesn't exist or may have been moved");
      for (const name of [
        'Home',
        'Start Symptom Checker',
        'Hand Conditions',
        'Wrist Conditions',
        'Elbow Conditions',
      ]) {
        expect(await page.locator('main').getByRole('link', { name, exact: true }).count()).toBe(1);
      }
      expect(
        await page.locator('main').getByRole('link', { name: 'Contact us' }).getAttribute('href'),
      ).toBe('/about#contact');
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe(
        'noindex, nofollow',
      );
      expect(await axeViolations(page)).toEqual([]);
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
      const deadline = Date.now() + 5000;
      while (
        !events.some((event) => event.type === 'broken_link' && event.path === path) &&
        Date.now() < deadline
      )
        await page.waitForTimeout(200);
      expect(
        events.find((event) => event.type === 'broken_link' && event.path === path),
      ).toMatchObject({ requestedPath: path });
      // Every batch the pages sent so far passes the gateway's own validation.
      for (const batch of tab.batches) expect(parseEventBatch(batch)).toMatchObject({ ok: true });
    },
  );

  it.each([
    ['/conditions/tennis-elbow', '/conditions/tennis-elbow-lateral-epicondylitis'],
    ['/conditions/dupuytren', '/conditions/dupuytrens-contracture'],
    ['/hand-pain', '/hand-conditions'],
    ['/About', '/about'],
    ['/faq/', '/faq'],
    ['/index.html', '/'],
  ])('%s is replaced by %s', async (from, to) => {
    const { page } = tab;
    await page.goto(siteUrl(from));
    await page.waitForURL((url) => url.pathname === to);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.locator('h1').innerText()).not.toBe('Page Not Found');
  });

  it('sends /admin without a session to the non-indexed sign-in page', async () => {
    const { page } = tab;
    await page.goto(siteUrl('/admin'));
    await page.waitForURL((url) => url.pathname === '/admin/login');
    await page.getByRole('heading', { level: 1, name: 'Admin sign-in' }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe(
      'noindex, nofollow',
    );
  });
});

describe('links and page weight', () => {
  it('has no internal link that leads to the 404 page', async () => {
    const { page } = tab;
    const targets = new Set<string>();
    for (const route of PUBLIC_ROUTES) {
      // Links are in the prerendered page: no need to wait for the network to go quiet.
      await gotoPage(page, route.path, { waitUntil: 'load' });
      const hrefs = await page
        .locator('a[href^="/"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      for (const href of hrefs) targets.add(href.split('#')[0]);
    }
    const broken: string[] = [];
    for (const target of targets) {
      const response = await page.request.get(siteUrl(target), { maxRedirects: 0 });
      const body = await response.text();
      if (response.status() !== 200 || body.includes('>Page Not Found</h1>'))
        broken.push(`${target} → ${response.status()}`);
    }
    expect(targets.size).toBeGreaterThan(PUBLIC_ROUTES.length / 2);
    expect(broken).toEqual([]);
  });

  it('keeps the text of each public page to the type scale, on a phone and a desktop', async () => {
    // Each size-and-weight pair is a font the browser sets up in the page's first layout, before
    // anything is drawn (see src/theme/typeScale.ts), so drift here costs first paint.
    const bodySizes = new Set(Object.values(TEXT_SIZE).map((rem) => parseFloat(rem) * 16));
    const offScale: string[] = [];
    const pairsPerPage: Record<string, number> = {};
    for (const viewport of [
      { width: 412, height: 823 },
      { width: 1280, height: 900 },
    ]) {
      const page = await tab.context.newPage();
      await page.setViewportSize(viewport);
      for (const route of PUBLIC_ROUTES) {
        // The text and its styles are in the prerendered page: no need to wait for quiet.
        await gotoPage(page, route.path, { waitUntil: 'load' });
        const pairs = await page.evaluate(() => {
          const seen = new Set<string>();
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const element = node.parentElement;
            if (!element || !node.textContent?.trim() || element.closest('svg')) continue;
            if (element.getClientRects().length === 0) continue; // not rendered
            const style = getComputedStyle(element);
            seen.add(`${parseFloat(style.fontSize)}px ${style.fontWeight}`);
          }
          return [...seen];
        });
        const key = `${route.path} at ${viewport.width}px`;
        pairsPerPage[key] = pairs.length;
        for (const pair of pairs) {
          const [size, weight] = [parseFloat(pair), Number(pair.split(' ')[1])];
          const headingSize = size > 20; // h1 and h2 (theme.ts) and the landing heroes
          if (![400, BOLD].includes(weight) || (!headingSize && !bodySizes.has(size)))
            offScale.push(`${key}: ${pair}`);
        }
      }
      await page.close();
    }
    expect(offScale).toEqual([]);
    // Each page was read: at least a heading and body text.
    expect(Object.entries(pairsPerPage).filter(([, pairs]) => pairs < 2)).toEqual([]);
    // The home page had 13 before the scale and has 7 now.
    expect(Object.entries(pairsPerPage).filter(([, pairs]) => pairs > 7)).toEqual([]);
  });

  it('loads at most 130 KB of gzipped JavaScript on first view of each public page', async () => {
    const page = await tab.context.newPage();
    const sizes: Record<string, number> = {};
    for (const route of PUBLIC_ROUTES) {
      const scripts: Promise<number>[] = [];
      const onResponse = (response: import('playwright-core').Response) => {
        if (response.request().resourceType() === 'script')
          scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
      };
      page.on('response', onResponse);
      await gotoPage(page, route.path);
      page.off('response', onResponse);
      // The inline bootstrap is JavaScript the page runs too.
      const bootstrap = await page.evaluate(
        () => document.querySelector('script[data-entry]:not([src])')?.textContent ?? '',
      );
      expect(bootstrap).not.toBe('');
      scripts.push(Promise.resolve(gzipSync(bootstrap, { level: 9 }).length));
      sizes[route.path] =
        Math.round((await Promise.all(scripts)).reduce((sum, size) => sum + size, 0) / 102.4) / 10;
    }
    await page.close();
    // The owner's budget: 130 KB, 130,000 bytes (npm run bench:web checks the same). React DOM
    // is about 63 KiB of it, React Router about 10, Redux Toolkit with Immer about 9, MUI and
    // emotion about 21; the largest page, a condition guide, loads about 124 KiB. The build's
    // library patches that keep it there, each with its saving, are listed in web/README.md.
    // Everything a page view loads counts, lazy chunks included.
    const over = Object.entries(sizes).filter(([, kib]) => kib * 1024 > 130_000);
    expect({ over, largest: Math.max(...Object.values(sizes)) }).toEqual({
      over: [],
      largest: expect.any(Number),
    });
  });
});
