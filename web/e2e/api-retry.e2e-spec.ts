/*
 * The web API client's retries (spec §9), in a real Chromium on the test profile's gateway:
 * the specialist list fails once and is shown after the retry; a referral whose answer was
 * lost is never sent twice. Playwright's page.route stands in for the failing network.
 */
import type { Page, Route } from 'playwright-core';
import { E2E_TIMEOUT_MS, axeViolations, type TestPage } from '../../tests/support/browser/browser';
import { browserForTests, tabForEachTest } from '../../tests/support/browser/hooks';
import { emptyAnswers } from '@handcheck/diagnosis';
import { openResults } from '../../tests/support/browser/checker';

jest.setTimeout(E2E_TIMEOUT_MS);

/** One specialist, so the test does not depend on what the test MongoDB holds. */
const LIST = {
  specialists: [
    {
      id: 'e2e-retry-1',
      name: 'Dr Retry Example',
      specialty_note: null,
      clinic: 'Example Hand Clinic',
      location: 'Leeds',
      url: 'https://example.com/hand',
    },
  ],
};

/** The results of a questionnaire left as it is (every step may be). */
async function reachResults(page: Page) {
  await openResults(page, emptyAnswers());
}

/** Chromium's own console note of a failed response is expected here; nothing else is. */
const unexpected = (tab: TestPage) =>
  tab.errors.filter((error) => !/status of 50[23]|ERR_CONNECTION_RESET/.test(error));

const browser = browserForTests();

describe('the API client in the browser', () => {
  const tab = tabForEachTest(browser);

  it('retries the specialist list that failed, and shows it', async () => {
    const { page } = tab;
    const answered: number[] = [];
    await page.route('**/api/specialists', async (route: Route) => {
      if (answered.length === 0) {
        answered.push(503);
        await route.fulfill({ status: 503, json: { statusCode: 503, message: 'Unavailable' } });
      } else {
        answered.push(200);
        await route.fulfill({ status: 200, json: LIST });
      }
    });
    await reachResults(page);

    const section = page.getByTestId('specialist-directory');
    await section.waitFor();
    expect(answered).toEqual([503, 200]);
    expect(await section.getByText('Dr Retry Example', { exact: true }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(unexpected(tab)).toEqual([]);
  });

  it('sends a referral once when its answer is lost, and says it failed', async () => {
    const { page } = tab;
    let posts = 0;
    await page.route('**/api/referrals', async (route: Route) => {
      posts += 1;
      // The request reached the gateway; the answer never came back.
      await route.abort('connectionreset');
    });
    await reachResults(page);
    await page.getByRole('button', { name: 'Request Specialist Referral' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill('e2e-retry@example.test');
    await page.getByRole('textbox', { name: 'Location' }).fill('Leeds, UK');
    await page.getByRole('button', { name: 'Send Referral Request' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Failed to send referral' })
      .waitFor({ timeout: 20_000 });
    // Well past every retry delay (1 + 2 + 4 s): still the one request.
    await page.waitForTimeout(8000);
    expect(posts).toBe(1);
    expect(unexpected(tab)).toEqual([]);
  });
});
