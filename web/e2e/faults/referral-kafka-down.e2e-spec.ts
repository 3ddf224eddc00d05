/*
 * The referral request while Kafka is down: the visitor sees the failure toast with the
 * server's message and keeps what they typed. It stops the test profile's Kafka, so it runs in
 * the faults project, after every other spec and alone (jest.config.js).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import {
  E2E_TIMEOUT_MS,
  axeViolations,
  launchBrowser,
} from '../../../tests/support/browser/browser';
import {
  alert,
  status,
  toResults,
  uniqueId as unique,
} from '../../../tests/support/browser/referral';

jest.setTimeout(E2E_TIMEOUT_MS);

describe('specialist referral request, Kafka down', () => {
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

  it('with Kafka stopped, shows the failure toast with the server’s message', async () => {
    await toResults(page);
    await page.getByRole('button', { name: 'Request Specialist Referral' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(`e2e-${unique()}@example.test`);
    await page.getByRole('textbox', { name: 'Location' }).fill('Boston, US');
    const infra = `${__dirname}/../../../deploy/infra.sh`;
    execFileSync('bash', [infra, 'stop', '--profile', 'test', 'kafka'], { stdio: 'pipe' });
    try {
      await page.getByRole('button', { name: 'Send Referral Request' }).click();
      await status(page).filter({ hasText: 'Sending referral request...' }).waitFor();
      await alert(page).filter({ hasText: 'Failed to send referral' }).waitFor({ timeout: 30_000 });
      expect(await alert(page).textContent()).toContain(
        'We could not send your referral request just now. Please try again in a few minutes.',
      );
      // Still open, with what was typed, to try again.
      expect(await page.getByRole('textbox', { name: 'Location' }).inputValue()).toBe('Boston, US');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      // Back before the next spec; a spec that needs the services' consumers waits for their
      // readiness itself (gateway/health.int-spec.ts), so nothing waits here for the rejoin.
      execFileSync('bash', [infra, 'start', '--profile', 'test', 'kafka'], {
        stdio: 'pipe',
        timeout: 180_000,
      });
    }
  }, 420_000);
});
