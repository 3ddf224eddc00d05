import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** The site under test: the gateway in CI, or any server of web/dist. */
export const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:18080').replace(/\/+$/, '');

// Debian's Chromium headless shell (package chromium-headless-shell, the headless mode
// Playwright itself runs): the same engine as Debian's chromium without the desktop browser's
// window and UI processes, about a third of its CPU per page. Fully offline apart from the site
// under test.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

export const E2E_TIMEOUT_MS = 180_000;

export function siteUrl(path: string): string {
  return `${BASE_URL}${path}`;
}

export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: CHROMIUM_ARGS,
};

/** Set by the e2e projects' global setup: the one Chromium of the run (browser-server.ts). */
export const BROWSER_SERVER_ENV = 'HANDCHECK_BROWSER_WS';

/**
 * The run's shared Chromium when there is one, else a Chromium of its own. Closing a shared
 * one closes this file's contexts and disconnects; the browser stays up for the next file.
 */
export function launchBrowser(): Promise<Browser> {
  const shared = process.env[BROWSER_SERVER_ENV];
  return shared ? chromium.connect(shared) : chromium.launch(CHROMIUM_LAUNCH);
}

export interface TrackedEvent {
  type: string;
  path: string;
  [field: string]: unknown;
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors, console errors and header warnings seen so far (network 404s of the page itself excluded). */
  errors: string[];
  /** Analytics events the page sent to /api/events (answered 204 by the test, not the server). */
  events: TrackedEvent[];
  /** The request bodies as sent, for checking against the gateway's validator. */
  batches: unknown[];
  close(): Promise<void>;
}

/** A fresh context (own sessionStorage) and page, recording errors and analytics events. */
export async function openPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<TestPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  const events: TrackedEvent[] = [];
  const batches: unknown[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // The 404 page is served with status 404 on purpose; Chromium logs that as a console error.
    if (message.type() === 'error' && !message.text().includes('status of 404'))
      errors.push(`console: ${message.text()}`);
    // Chromium reports a header it cannot parse (an unknown Permissions-Policy feature, say) as a warning.
    if (message.type() === 'warning' && /^Error with .* header/.test(message.text()))
      errors.push(`console: ${message.text()}`);
  });
  await page.route('**/api/events', async (route) => {
    const body = route.request().postData();
    if (body) {
      const batch = JSON.parse(body) as { events: TrackedEvent[] };
      batches.push(batch);
      events.push(...batch.events);
    }
    await route.fulfill({ status: 204 });
  });
  return { context, page, errors, events, batches, close: () => context.close() };
}

/** WCAG 2.0, 2.1 and 2.2 A/AA rules; returns readable violations (empty when accessible). */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** Waits until React has hydrated the prerendered page (the app marks <html> once mounted). */
export async function gotoPage(
  page: Page,
  path: string,
  { waitUntil = 'networkidle' }: { waitUntil?: 'networkidle' | 'load' } = {},
) {
  const response = await page.goto(siteUrl(path), { waitUntil });
  await page.waitForSelector('html[data-hydrated="true"]');
  return response;
}

/**
 * The page's title once it is `expected`, or whatever it is after a few seconds: views set
 * their title in an effect, after their heading is already shown.
 */
export async function titleOnceSet(page: Page, expected: string): Promise<string> {
  await page
    // As text: this file is also type-checked without the DOM's types (the root tsconfig checks tests/support).
    .waitForFunction(`document.title === ${JSON.stringify(expected)}`, undefined, {
      timeout: 5000,
    })
    .catch(() => undefined);
  return page.title();
}
