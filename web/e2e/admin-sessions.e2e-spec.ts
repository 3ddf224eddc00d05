import type { BrowserContext, Page, Route } from 'playwright-core';
import { uniqueName } from '@handcheck/server-kit/testing';
import { E2E_TIMEOUT_MS, gotoPage, siteUrl } from '../../tests/support/browser/browser';
import { browserForTests } from '../../tests/support/browser/hooks';
import { createAdmin, signInToDashboard } from '../../tests/support/browser/admin';

jest.setTimeout(E2E_TIMEOUT_MS);

// Admin sessions across tabs, and the sign-in form without JavaScript, on the test profile's
// gateway and MongoDB. Each test has an admin of its own (`npm run admin:create`), so the
// sign-in throttle of one never meets another.

const PASSWORD = 'e2e admin password';

const browser = browserForTests();

/** The refresh period the tabs are given: short, so a test sees several refreshes. */
const PERIOD_MS = 4000;
/** The web refreshes this long before the access token's end (session.ts). */
const MARGIN_MS = 90_000;

interface Refreshes {
  /** Statuses of the refresh calls each page made, in order. */
  byPage: Map<Page, number[]>;
}

/**
 * One browser context (tabs sharing the refresh cookie, as a real browser's do) whose sign-in
 * and refresh answers say the access token ends at the next multiple of PERIOD_MS (plus the
 * refresh margin): every tab then refreshes at that same instant, so without coordination
 * two tabs present one refresh token at once. The gateway's answers are otherwise untouched:
 * status, body and the Set-Cookie that rotates the cookie.
 */
async function sharedContext(): Promise<{
  context: BrowserContext;
  refreshes: Refreshes;
  close: () => Promise<void>;
}> {
  const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
  const refreshes: Refreshes = { byPage: new Map() };
  await context.route('**/api/events', (route) => route.fulfill({ status: 204 }));
  let closing = false;
  const shorten = (route: Route) =>
    rewrite(route).catch((error: unknown) => {
      // A refresh still in flight when the test closes its context: its answer is gone with it.
      if (!closing) throw error;
    });
  const rewrite = async (route: Route) => {
    const response = await route.fetch();
    const page = route.request().frame().page();
    if (route.request().url().endsWith('/api/auth/refresh')) {
      refreshes.byPage.set(page, [...(refreshes.byPage.get(page) ?? []), response.status()]);
    }
    if (response.status() !== 200) return route.fulfill({ response });
    const body = (await response.json()) as { expiresAt: string };
    const due = Math.ceil((Date.now() + PERIOD_MS / 2) / PERIOD_MS) * PERIOD_MS;
    body.expiresAt = new Date(due + MARGIN_MS).toISOString();
    return route.fulfill({ response, json: body });
  };
  await context.route('**/api/auth/refresh', shorten);
  await context.route('**/api/auth/login', shorten);
  const close = () => {
    closing = true;
    return context.close();
  };
  return { context, refreshes, close };
}

const signIn = (page: Page, email: string) => signInToDashboard(page, email, PASSWORD);

/** Waits until the page has made `count` refresh calls in all. */
async function refreshesMade(refreshes: Refreshes, page: Page, count: number) {
  while ((refreshes.byPage.get(page)?.length ?? 0) < count) {
    await page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh'));
  }
}

describe('admin sessions across tabs', () => {
  it('two tabs stay signed in across several refreshes (one tab refreshes at a time)', async () => {
    const email = `${uniqueName('e2e-tabs')}@example.com`;
    await createAdmin(email, PASSWORD);
    const { context, refreshes, close } = await sharedContext();
    try {
      const first = await context.newPage();
      await signIn(first, email);
      const second = await context.newPage();
      // A new tab has no token in memory: it restores the session through the shared cookie.
      await gotoPage(second, '/admin');
      await second.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
      // Both tabs' timers now fire at the same instants: several rounds of refreshes.
      await Promise.all([refreshesMade(refreshes, first, 4), refreshesMade(refreshes, second, 5)]);
      expect(refreshes.byPage.get(first)?.slice(0, 4)).toEqual([200, 200, 200, 200]);
      expect(refreshes.byPage.get(second)?.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      for (const page of [first, second]) {
        expect(new URL(page.url()).pathname).toBe('/admin');
        await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
        expect(await page.locator('main').innerText()).toContain(email);
      }
    } finally {
      await close();
    }
  });

  it('signing out in one tab sends the other back to sign-in within one refresh', async () => {
    const email = `${uniqueName('e2e-out')}@example.com`;
    await createAdmin(email, PASSWORD);
    const { context, close } = await sharedContext();
    try {
      const first = await context.newPage();
      await signIn(first, email);
      const second = await context.newPage();
      await gotoPage(second, '/admin');
      await second.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
      await first.getByRole('button', { name: 'Sign Out' }).click();
      await first.waitForURL((url) => url.pathname === '/');
      await second.waitForURL((url) => url.pathname === '/admin/login', {
        timeout: 3 * PERIOD_MS,
      });
      await second.getByRole('heading', { level: 1, name: 'Admin sign-in' }).waitFor();
    } finally {
      await close();
    }
  });
});

describe('the sign-in form without JavaScript', () => {
  it('posts the password in a body to a page that says JavaScript is needed, never in a URL', async () => {
    const email = `${uniqueName('e2e-nojs')}@example.com`;
    const context = await browser().newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const sent: Array<{ method: string; url: string; body: string | null }> = [];
      page.on('request', (request) => {
        if (request.isNavigationRequest()) {
          sent.push({ method: request.method(), url: request.url(), body: request.postData() });
        }
      });
      await page.goto(siteUrl('/admin/login'));
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await Promise.all([
        page.waitForURL((url) => url.pathname !== '/admin/login' || url.search !== ''),
        page.getByRole('button', { name: 'Sign In' }).click(),
      ]);
      const submitted = sent.at(-1)!;
      expect(submitted.method).toBe('POST');
      expect(new URL(submitted.url).pathname).toBe('/api/auth/login/no-script');
      expect(submitted.body).toContain('password=');
      for (const { url } of sent) expect(decodeURIComponent(url)).not.toContain(PASSWORD);
      expect(page.url()).not.toContain('password');
      await page
        .getByRole('heading', { level: 1, name: 'Admin sign-in needs JavaScript' })
        .waitFor();
      expect(await page.locator('main').innerText()).toContain('Signing in needs JavaScript');
    } finally {
      await context.close();
    }
  });
});
