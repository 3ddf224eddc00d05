import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, type TestPage } from './browser';

/** One Chromium for the file (or describe) it is called in: launched before its tests, closed after. */
export function browserForTests(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is launched in beforeAll');
    return browser;
  };
}

/**
 * A fresh tab for each test of the describe it is called in, closed after the test. The object
 * stays the same; its fields are the current test's tab, so `const { page } = tab` in a test works.
 */
export function tabForEachTest(
  browser: () => Browser,
  options: Parameters<typeof openPage>[1] = {},
): TestPage {
  // Empty until the first beforeEach fills it; tests only read it after that.
  const tab = {} as TestPage;
  beforeEach(async () => {
    Object.assign(tab, await openPage(browser(), options));
  });
  afterEach(async () => {
    await tab.close();
  });
  return tab;
}
