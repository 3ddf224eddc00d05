/*
 * The referral request through the real pipeline of the test profile: a real Chromium on
 * the gateway, the request through Kafka to the supervisor-run referral service, both mails
 * read back from Mailpit's API, and the referral_requested event from ClickHouse. Nothing
 * here intercepts a request.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SESSION_KEY } from '../src/analytics/session';
import { eventually } from '@handcheck/server-kit/testing';
import { E2E_TIMEOUT_MS, axeViolations, launchBrowser } from '../../tests/support/browser/browser';
import { clickhouseRows } from '../../tests/support/browser/clickhouse';
import { MAIL_DELIVERY_MS, mailMessage, searchMail } from '../../tests/support/browser/mailpit';
import { alert, status, toResults, uniqueId as unique } from '../../tests/support/browser/referral';

jest.setTimeout(E2E_TIMEOUT_MS);

/** The supervisor-run referral service's inbox (REFERRAL_INBOX unset outside production). */
const INBOX = process.env.E2E_REFERRAL_INBOX ?? 'referrals@handcheck.local';

describe('specialist referral request', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });

  afterEach(async () => {
    await context?.close();
  });

  it('opens (event recorded), refuses a bad email and an empty location, sends, and both mails arrive', async () => {
    await toResults(page);
    const sessionId = await page.evaluate(
      (key) => (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { id?: string }).id ?? '',
      SESSION_KEY,
    );
    const conditions = (await page.getByTestId('result-name').allTextContents()).map((text) =>
      text.replace(/^\s*\d+\.\s*/, '').trim(),
    );
    expect(conditions).toHaveLength(3);

    const open = page.getByRole('button', { name: 'Request Specialist Referral' });
    await open.click();
    const name = page.getByRole('textbox', { name: 'Name (optional)' });
    const email = page.getByRole('textbox', { name: 'Email' });
    const location = page.getByRole('textbox', { name: 'Location' });
    // Opened by keyboard users too: focus moves into the form.
    expect(await name.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await email.getAttribute('type')).toBe('email');
    expect(await email.getAttribute('maxlength')).toBe('254');
    expect(await name.getAttribute('maxlength')).toBe('100');
    expect(await location.getAttribute('maxlength')).toBe('100');
    expect(await axeViolations(page)).toEqual([]);

    // The opening reached ClickHouse.
    await eventually(
      async () =>
        (
          await clickhouseRows<{ n: number }>(
            `SELECT count() AS n FROM analytics_events FINAL WHERE session_id = '${sessionId}' AND event_type = 'referral_requested'`,
          )
        )[0]?.n
          ? true
          : undefined,
      30_000,
      500,
    );

    // Cancel collapses, and the button comes back with the focus.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await open.waitFor();
    expect(await email.count()).toBe(0);
    await open.click();

    const tag = unique();
    const patient = `e2e-${tag}@example.test`;
    const patientName = `E2E Tester ${tag}`;
    await name.fill(`<b>${patientName}</b>`);
    await email.fill('not an email');
    await location.fill('Leeds, UK');
    await page.getByRole('button', { name: 'Send Referral Request' }).click();
    await alert(page).filter({ hasText: 'Invalid email' }).waitFor();
    expect(await alert(page).textContent()).toContain('Please enter a valid email address.');
    // The field itself is marked, described and focused, not only the toast.
    const refusedField = async (field: typeof email) => ({
      invalid: await field.getAttribute('aria-invalid'),
      focused: await field.evaluate((input) => input === document.activeElement),
      description: await field.evaluate((input) =>
        (input.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      ),
    });
    expect(await refusedField(email)).toEqual({
      invalid: 'true',
      focused: true,
      description: 'Please enter a valid email address.',
    });
    expect(await axeViolations(page)).toEqual([]);

    await email.fill(patient);
    await location.fill('   ');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Send Referral Request' }).click();
    await status(page).filter({ hasText: 'Location required' }).waitFor();
    expect(await status(page).textContent()).toContain('Please enter your location.');
    expect(await email.getAttribute('aria-invalid')).toBe('false');
    expect(await refusedField(location)).toEqual({
      invalid: 'true',
      focused: true,
      description: 'Please enter your location.',
    });

    await location.fill('Leeds, UK');
    // Sent by keyboard: Enter in a field submits the form.
    await location.press('Enter');
    await status(page)
      .filter({ hasText: 'Referral sent successfully!' })
      .waitFor({ timeout: 20_000 });
    expect(await status(page).textContent()).toContain(
      'Your referral request has been sent to the specialist. You should receive a response within 1-2 business days.',
    );
    // Collapsed, and the fields cleared.
    await open.waitFor();
    expect(await email.count()).toBe(0);
    await open.click();
    expect([
      await name.inputValue(),
      await email.inputValue(),
      await location.inputValue(),
    ]).toEqual(['', '', '']);
    expect(await axeViolations(page)).toEqual([]);

    const [patientMail] = await eventually(
      async () => {
        const found = await searchMail(`to:"${patient}"`);
        return found.length > 0 ? found : undefined;
      },
      MAIL_DELIVERY_MS,
      500,
    );
    expect(patientMail!.Subject).toBe('Your HandCheck referral request has been received');
    expect(patientMail!.To.map((to) => to.Address)).toEqual([patient]);
    const patientText = (await mailMessage(patientMail!.ID)).Text;
    expect(patientText).toContain(`Hello ${patientName},`);
    expect(patientText).toContain('You should receive a response within 1-2 business days.');
    expect(patientText).toContain('Call 999 (UK) or 911 (US) if it is life-threatening');

    const [specialistMail] = await eventually(
      async () => {
        const found = await searchMail(`subject:"${patientName}"`);
        return found.length > 0 ? found : undefined;
      },
      MAIL_DELIVERY_MS,
      500,
    );
    expect(specialistMail!.Subject).toBe(`Referral request: ${patientName}, Leeds, UK`);
    expect(specialistMail!.To.map((to) => to.Address)).toEqual([INBOX]);
    const specialistText = (await mailMessage(specialistMail!.ID)).Text;
    expect(specialistText).toContain(patient);
    for (const condition of conditions.slice(0, 3)) expect(specialistText).toContain(condition);
    expect(specialistText).toContain('Numbness');

    // Exactly once each.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await searchMail(`to:"${patient}"`)).toHaveLength(1);
    expect(await searchMail(`subject:"${patientName}"`)).toHaveLength(1);
  });

  it('on a phone, keeps each control that takes focus clear of an error toast, whose edge shows in forced colours', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await toResults(page);
    await page.getByRole('button', { name: 'Request Specialist Referral' }).click();
    await page.getByRole('button', { name: 'Send Referral Request' }).click();
    await alert(page).filter({ hasText: 'Invalid email' }).waitFor();
    // How much of the focused control lies under the toast's card, in CSS px².
    const hidden = () =>
      page.evaluate(() => {
        const card = document.querySelector('[data-testid="referral-alert"] > *');
        const focused = document.activeElement;
        if (!card || !focused) return { name: 'nothing', covered: -1 };
        // The toast's own close button is one of the stops, and is in the card of course.
        if (card.contains(focused)) return { name: focused.getAttribute('aria-label'), covered: 0 };
        const a = card.getBoundingClientRect();
        const b = focused.getBoundingClientRect();
        const width = Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left));
        const height = Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
        return {
          name: focused.textContent?.trim() || focused.getAttribute('name'),
          covered: width * height,
        };
      });
    const stops = [];
    for (let tab = 0; tab < 8; tab += 1) {
      await page.keyboard.press('Tab');
      stops.push(await hidden());
    }
    expect(stops.map((stop) => stop.name)).toEqual(
      expect.arrayContaining(['location', 'Send Referral Request', 'Cancel']),
    );
    for (const stop of stops) expect(stop).toEqual({ name: stop.name, covered: 0 });

    // In forced-colours mode the card's fill is dropped; its edge must still be drawn.
    await page.emulateMedia({ forcedColors: 'active' });
    const edge = await page.evaluate(() => {
      const card = document.querySelector('[data-testid="referral-alert"] > *');
      const style = card ? getComputedStyle(card) : null;
      return style && `${style.borderTopStyle} ${style.borderTopWidth} ${style.borderTopColor}`;
    });
    expect(edge).toMatch(/^solid 1px rgb\(/);
  });

  it('on a phone, gives the focus back to "Request Specialist Referral" after a referral is sent, in sight', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await toResults(page);
    await page.getByRole('button', { name: 'Request Specialist Referral' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(`e2e-${unique()}@example.test`);
    await page.getByRole('textbox', { name: 'Location' }).fill('York, UK');
    await page.getByRole('button', { name: 'Send Referral Request' }).click();
    await status(page)
      .filter({ hasText: 'Referral sent successfully!' })
      .waitFor({ timeout: 20_000 });
    // The button is back (the form closed): the focus is on it already, in the window's view
    // and clear of the toast's card.
    await page.getByRole('button', { name: 'Request Specialist Referral' }).waitFor();
    const focus = () =>
      page.evaluate(() => {
        const focused = document.activeElement;
        const box = focused?.getBoundingClientRect();
        const card = document.querySelector('[data-testid="referral-status"] > *');
        const under = card?.getBoundingClientRect();
        const overlap =
          box && under
            ? Math.max(0, Math.min(box.bottom, under.bottom) - Math.max(box.top, under.top)) *
              Math.max(0, Math.min(box.right, under.right) - Math.max(box.left, under.left))
            : 0;
        return {
          tag: focused?.tagName.toLowerCase(),
          name: focused?.tagName === 'BUTTON' ? focused.textContent?.trim() : null,
          inView:
            !!box &&
            box.top >= 0 &&
            box.left >= 0 &&
            box.bottom <= window.innerHeight &&
            box.right <= window.innerWidth,
          underToast: overlap,
        };
      });
    expect(await focus()).toEqual({
      tag: 'button',
      name: 'Request Specialist Referral',
      inView: true,
      underToast: 0,
    });
    expect(await axeViolations(page)).toEqual([]);
    // Keyboard users carry on from there: Enter opens the form again, focus in its first field.
    await page.keyboard.press('Enter');
    expect(
      await page
        .getByRole('textbox', { name: 'Name (optional)' })
        .evaluate((input) => input === document.activeElement),
    ).toBe(true);
  });
});
