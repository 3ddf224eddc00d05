/*
 * Swagger UI at /api/docs in Debian's Chromium, served by the test stack's gateway with
 * its strict CSP: the page must render our document with no CSP violation, no script
 * error and nothing fetched from another origin.
 */
import { BASE_URL, E2E_TIMEOUT_MS } from '../../tests/support/browser/browser';
import { browserForTests } from '../../tests/support/browser/hooks';

jest.setTimeout(E2E_TIMEOUT_MS);

describe('the API docs page', () => {
  const browser = browserForTests();

  it('renders every operation under the strict CSP', async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    const requests: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.text().startsWith('CSP violation'))
        problems.push(`console: ${message.text()}`);
    });
    page.on('request', (request) => requests.push(request.url()));
    // Reported by the browser itself (the root tsconfig has no DOM types, hence a string).
    await page.addInitScript({
      content: `document.addEventListener('securitypolicyviolation', (event) =>
        console.log('CSP violation: ' + event.violatedDirective + ' ' + event.blockedURI));`,
    });

    const response = await page.goto(`${BASE_URL}/api/docs`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('.opblock').first().waitFor();
    const operations = await page.locator('.opblock-summary').allInnerTexts();
    const summary = operations.map((text) => text.replace(/\s+/g, ' ')).join('\n');
    for (const route of ['POST /api/events', 'GET /api/health/live', 'GET /api/health/ready']) {
      const [method, path] = route.split(' ');
      expect(summary).toMatch(new RegExp(`${method}\\s*${path.replace(/\//g, '\\/')}`));
    }

    // Open POST /api/events: its answers, 503 and its Retry-After included, are shown.
    await page.locator('#operations-analytics-EventsIntake_handle .opblock-summary').click();
    const events = page.locator('#operations-analytics-EventsIntake_handle');
    await events.locator('.responses-table').first().waitFor();
    const text = await events.innerText();
    for (const status of ['202', '400', '413', '415', '503']) expect(text).toContain(status);
    expect(text).toContain('Retry-After');

    expect(problems).toEqual([]);
    expect(requests.filter((url) => !url.startsWith(BASE_URL))).toEqual([]);
    await context.close();
  });

  // The prerendered pages end with an inline bootstrap, allowed by its hash (dist/csp.json):
  // without it in the policy the page would stay unhydrated.
  it('runs a public page under the same CSP: the inline bootstrap is allowed, nothing else is', async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.text().startsWith('CSP violation'))
        problems.push(`console: ${message.text()}`);
    });
    await page.addInitScript({
      content: `document.addEventListener('securitypolicyviolation', (event) =>
        console.log('CSP violation: ' + event.violatedDirective + ' ' + event.blockedURI));`,
    });
    const response = await page.goto(`${BASE_URL}/symptom-checker`);
    const policy = response?.headers()['content-security-policy'] ?? '';
    const scriptSrc = policy.split(';').find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toMatch(/^script-src 'self' 'sha256-[A-Za-z0-9+/]{43}='$/);
    // The bootstrap ran the entry, and React hydrated the page.
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(problems).toEqual([]);
    await context.close();
  });
});
