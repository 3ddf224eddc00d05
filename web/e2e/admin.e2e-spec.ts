import type { Page } from 'playwright-core';
import { uniqueName } from '@handcheck/server-kit/testing';
import { todayLabel } from '../src/features/admin/format';
import {
  E2E_TIMEOUT_MS,
  axeViolations,
  gotoPage,
  openPage,
  siteUrl,
  type TestPage,
} from '../../tests/support/browser/browser';
import { adminAndBrowserForTests, signInToDashboard, submitSignIn } from '../../tests/support/browser/admin';
import { tabForEachTest } from '../../tests/support/browser/hooks';

jest.setTimeout(E2E_TIMEOUT_MS);

// The admin screens against the test profile's gateway and its MongoDB. The admin is made
// the way ops make one: `npm run admin:create`, the password on stdin.

const EMAIL = `${uniqueName('e2e-admin')}@example.com`;
const PASSWORD = 'e2e admin password';

const browser = adminAndBrowserForTests(EMAIL, PASSWORD);

/** Signs in as this file's admin from the sign-in page and waits for the dashboard. */
const signInAsTheAdmin = (page: Page) => signInToDashboard(page, EMAIL, PASSWORD);

describe('admin sign-in and dashboard', () => {
  const tab = tabForEachTest(browser);
  afterEach(() => {
    expect(tab.errors.filter((e) => !/status of 40[13]/.test(e))).toEqual([]);
  });

  it('sends /admin without a session to /admin/login', async () => {
    const { page } = tab;
    await page.goto(siteUrl('/admin'));
    await page.waitForURL((url) => url.pathname === '/admin/login');
    await page.getByRole('heading', { level: 1, name: 'Admin sign-in' }).waitFor();
  });

  it('shows the backend message in an alert for a wrong password, "Signing in..." while busy', async () => {
    const { page } = tab;
    await gotoPage(page, '/admin/login');
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.getByLabel('Email').getAttribute('type')).toBe('email');
    expect(await page.getByLabel('Email').getAttribute('required')).not.toBeNull();
    expect(await page.getByLabel('Password').getAttribute('required')).not.toBeNull();
    // Hold the answer a moment so the busy state can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await submitSignIn(page, EMAIL, 'not the right password');
    const busy = page.getByRole('button', { name: 'Signing in...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid email or password.' });
    await alert.waitFor();
    expect(page.url()).toBe(siteUrl('/admin/login'));
    expect(await axeViolations(page)).toEqual([]);
  });

  it('signs in to the dashboard with every text of the spec, keeps it on reload, signs out home', async () => {
    const { page } = tab;
    await signInAsTheAdmin(page);
    const main = page.locator('main');
    await main.getByText('Welcome back').waitFor();
    const text = await main.innerText();
    for (const expected of [
      'Admin Dashboard',
      'Welcome back',
      EMAIL,
      'Sign Out',
      'Weekly Report Test',
      'Send Test Report',
      'System Overview',
      'System Status',
      'Active',
      'Report Schedule',
      'Weekly',
      'Last Login',
      todayLabel(),
      'Access Level',
      'Administrator',
      'Report Email',
    ]) {
      expect(text).toContain(expected);
    }
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe(
      'noindex, nofollow',
    );
    expect(await axeViolations(page)).toEqual([]);

    // A reload has no token in memory: the refresh cookie restores the session.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await main.getByText(EMAIL).first().waitFor();
    expect(page.url()).toBe(siteUrl('/admin'));

    // Sign Out by keyboard: ends the session and goes home.
    await page.getByRole('button', { name: 'Sign Out' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(siteUrl('/admin'));
    await page.waitForURL((url) => url.pathname === '/admin/login');
  });

  it('goes back to sign-in when the session is lost later', async () => {
    const { page } = tab;
    await signInAsTheAdmin(page);
    // The gateway no longer accepts the session (as after a revocation elsewhere).
    await page.context().clearCookies();
    await page.route('**/api/admin/weekly-report/test', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 401, message: 'Please sign in to continue.' }),
      }),
    );
    await page.getByRole('button', { name: 'Send Test Report' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
  });
});

describe('the Weekly Report Test card states (gateway answers set in the browser)', () => {
  let tab: TestPage;
  beforeAll(async () => {
    tab = await openPage(browser());
    await signInAsTheAdmin(tab.page);
  });
  afterAll(async () => {
    await tab.close();
  });

  const STATS = {
    totalVisits: 1234,
    weekOverWeekGrowth: 12.345,
    previousWeekTotal: 1098,
    dailyBreakdown: [
      { date: '2026-11-16', visits: 100 },
      { date: '2026-11-17', visits: 0 },
    ],
    topPages: [
      { page: '/', visits: 600 },
      { page: '/faq', visits: 200 },
      { page: '/about', visits: 100 },
    ],
    topReferrers: [{ referrer: 'google.com', visits: 300 }],
  };

  async function answer(page: Page, status: number, body: unknown) {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.unroute('**/api/admin/weekly-report/test');
    await page.route('**/api/admin/weekly-report/test', async (route) => {
      await held;
      await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    });
    await page.getByRole('button', { name: 'Send Test Report' }).click();
    const busy = page.getByRole('button', { name: 'Sending Test Report...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    await page.getByRole('button', { name: 'Send Test Report' }).waitFor();
  }

  it('shows the stats, growth green with a plus sign, details hidden until asked', async () => {
    const { page } = tab;
    await answer(page, 200, {
      success: true,
      data: { emailId: 'msg-1', stats: STATS },
      error: null,
    });
    await page.getByText('Test completed successfully!').waitFor();
    const growth = page.getByTestId('weekly-growth');
    expect(await growth.innerText()).toBe('+12.3%');
    expect(await growth.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(21, 128, 61)');
    const toggle = page.getByRole('button', { name: 'Show detailed stats' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('table', { name: 'Top pages' }).isVisible()).toBe(false);
    await toggle.click();
    expect(await page.getByRole('table', { name: 'Top pages' }).isVisible()).toBe(true);
    expect(await page.getByRole('table', { name: 'Top referrers' }).innerText()).toContain(
      'google.com',
    );
    expect(await axeViolations(page)).toEqual([]);
  });

  it('shows a negative growth in red with one decimal', async () => {
    const { page } = tab;
    const stats = { ...STATS, weekOverWeekGrowth: -7.25 };
    await answer(page, 200, { success: true, data: { emailId: 'msg-2', stats }, error: null });
    const growth = page.getByTestId('weekly-growth');
    await growth.waitFor();
    expect(await growth.innerText()).toBe('-7.3%');
    expect(await growth.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(185, 28, 28)');
  });

  it("says 'Test failed: ' with the error when success is false", async () => {
    const { page } = tab;
    await answer(page, 200, { success: false, data: null, error: 'SMTP relay refused' });
    await page.getByText('Test failed: SMTP relay refused').waitFor();
  });

  it('says the mail went without stats, with the email id', async () => {
    const { page } = tab;
    await answer(page, 200, {
      success: true,
      data: { emailId: 'msg-3', stats: null },
      error: null,
    });
    await page.getByText('Email sent but no stats data available.').waitFor();
    expect(await page.locator('main').innerText()).toContain('msg-3');
  });

  it('shows a transport error in an alert', async () => {
    const { page } = tab;
    await answer(page, 503, { statusCode: 503, message: 'The report service is unavailable.' });
    await page
      .getByRole('alert')
      .filter({ hasText: 'The report service is unavailable.' })
      .waitFor();
  });
});
