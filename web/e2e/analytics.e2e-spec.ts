/*
 * Analytics through the real pipeline: a real Chromium session on the gateway, its events
 * through Kafka and the ingestion service into ClickHouse, read back from the tables analysts
 * use. Nothing here intercepts /api/events.
 *
 * Site: E2E_BASE_URL (default the `make test` gateway on 18080). ClickHouse: the test
 * profile's (var/test/infra.env), or TEST_CLICKHOUSE_URL, e.g. http://127.0.0.1:8123 to run
 * against `make start`.
 */
import { EMERGENCY_SIGNS, analyzeSymptoms, emptyAnswers, type Answers } from '@handcheck/diagnosis';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { eventually } from '@handcheck/server-kit/testing';
import { FLUSH_DELAY_MS } from '../src/analytics/createTracker';
import { SESSION_KEY } from '../src/analytics/session';
import { FLAG_LABELS, STEP_DEFINITIONS } from '../src/features/questionnaire/stepDefinitions';
import { E2E_TIMEOUT_MS, gotoPage, siteUrl } from '../../tests/support/browser/browser';
import { browserForTests } from '../../tests/support/browser/hooks';
import { clickhouseRows } from '../../tests/support/browser/clickhouse';
import { checkByKeyboard, chooseRadioByKeyboard } from '../../tests/support/browser/keyboard';
import {
  EMERGENCY_ADVICE_HEADING,
  passEmergencyCheck,
  waitForEmergencyCheck,
} from '../../tests/support/browser/emergencyCheck';

jest.setTimeout(E2E_TIMEOUT_MS);

// How long events may take from the browser to ClickHouse: usually 2-5 s. Generous because a
// cold CI run on two cores once gave up here after 20 s, and a wait ends as soon as they are in.
const PIPELINE_TIMEOUT_MS = 60_000;
const REFERRER = 'http://www.example.org/search?q=wrist+pain';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Polls until `check` stops throwing, then returns its value. */
function settled<T>(check: () => Promise<T>): Promise<T> {
  return eventually(check, PIPELINE_TIMEOUT_MS, 500);
}

async function waitForStep(page: Page, number: number) {
  await page.waitForURL(new RegExp(`\\?step=${number}$`));
  await page
    .getByRole('heading', { level: 1, name: STEP_DEFINITIONS[number - 1].title, exact: true })
    .waitFor();
}

async function next(page: Page, step: number) {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await waitForStep(page, step + 1);
}

function choices(step: number, question: number): readonly string[] {
  const asked = STEP_DEFINITIONS[step - 1].questions[question];
  if (asked.kind !== 'choice') throw new Error(`step ${step} question ${question} is not a choice`);
  return asked.options;
}

/** Every request the context makes to /api/events, beacons included, with the answers. */
function watchEventRequests(context: BrowserContext) {
  const seen = { requests: 0, statuses: [] as number[] };
  const isEvents = (url: string) => new URL(url).pathname === '/api/events';
  context.on('request', (request) => {
    if (isEvents(request.url())) seen.requests += 1;
  });
  context.on('response', (response) => {
    if (isEvents(response.url())) seen.statuses.push(response.status());
  });
  return seen;
}

const browser = browserForTests();

describe('analytics through gateway, Kafka and ingestion into ClickHouse', () => {
  it('records the session, its pages, the questionnaire, the 404 and the duration', async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const requests = watchEventRequests(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const startedAt = Date.now();

    // 1. Arrive on the home page from another site.
    await page.goto(siteUrl('/'), { referer: REFERRER, waitUntil: 'networkidle' });
    await page.waitForSelector('html[data-hydrated="true"]');
    const { sessionId, userAgent, referrer } = await page.evaluate((key) => {
      const saved = JSON.parse(window.sessionStorage.getItem(key) ?? '{}') as { id?: string };
      return {
        sessionId: saved.id ?? '',
        userAgent: navigator.userAgent,
        referrer: document.referrer,
      };
    }, SESSION_KEY);
    expect(sessionId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(referrer).toMatch(/^http:\/\/www\.example\.org\//);
    // Stored as origin + path: a referrer's query string can carry personal data.
    const storedReferrer = new URL(referrer).origin + new URL(referrer).pathname;
    expect(storedReferrer).not.toBe(referrer);
    const views = ['/'];

    // 2. Into a category and a condition guide, and back home, by links (route changes).
    // The URL changes before a lazily loaded page replaces the one before it, so each step
    // waits for something only the new page has (the category page also has a 'Start Free
    // Assessment' link, to /symptom-checker).
    await page.locator('main a[href="/hand-conditions"]').first().click();
    await page.waitForURL(/\/hand-conditions$/);
    await page
      .getByRole('heading', { name: 'Not sure which condition matches your symptoms?' })
      .waitFor();
    views.push('/hand-conditions');
    const guide = page.locator('main a[href^="/conditions/"]').first();
    const guidePath = (await guide.getAttribute('href')) ?? '';
    await guide.click();
    await page.waitForURL(siteUrl(guidePath));
    await page.getByRole('heading', { level: 2, name: 'Get Professional Assessment' }).waitFor();
    views.push(guidePath);
    await page.getByRole('link', { name: 'Start Free Assessment' }).click();
    await page.waitForURL(siteUrl('/'));
    views.push('/');

    // 3. The questionnaire to its results (steps change only the query string).
    await page.getByRole('button', { name: /Start Free Assessment/ }).click();
    await passEmergencyCheck(page);
    await checkByKeyboard(page, 'Wrist');
    await chooseRadioByKeyboard(page, 'Mild (1-3/10)', 'Severe (7-10/10)', choices(1, 1));
    await next(page, 1);
    await checkByKeyboard(page, FLAG_LABELS.swelling);
    await checkByKeyboard(page, FLAG_LABELS.deformity);
    await next(page, 2);
    await checkByKeyboard(page, FLAG_LABELS.gripDifficulty);
    await checkByKeyboard(page, FLAG_LABELS.pinchDifficulty);
    await next(page, 3);
    await chooseRadioByKeyboard(page, 'Less than 1 week', '3-6 months', choices(4, 1));
    await next(page, 4);
    await next(page, 5);
    await page.getByRole('button', { name: 'Get Assessment', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Assessment Results' }).waitFor();
    const answers: Answers = {
      ...emptyAnswers(),
      painLocation: ['Wrist'],
      painIntensity: 'Severe (7-10/10)',
      swelling: true,
      deformity: true,
      gripDifficulty: true,
      pinchDifficulty: true,
      duration: '3-6 months',
    };
    const result = analyzeSymptoms(answers);
    const top = result.topConditions[0];
    expect(top).toBeDefined();

    // 4. An address that does not exist (a full page load: a second visit, same session).
    const missing = `/no-such-page-${Date.now().toString(36)}`;
    const notFound = await gotoPage(page, missing);
    expect(notFound?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    views.push(missing);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY)).toContain(
      sessionId,
    );

    // 5. Leave before the batch delay is up, so the 404 page's events and the duration
    // leave together in the pagehide beacon.
    await page.waitForTimeout(FLUSH_DELAY_MS / 2);
    await page.goto('about:blank');
    const elapsedSeconds = (Date.now() - startedAt) / 1000;
    const id = `'${sessionId}'`;

    const [session] = await settled(async () => {
      const rows = await clickhouseRows<{
        landing_page: string;
        referrer: string;
        user_agent: string;
        ip_address: string | null;
        total_page_views: number;
        bounced: number;
        session_duration_seconds: number;
      }>(`SELECT * FROM user_sessions WHERE session_id = ${id}`);
      expect(rows).toHaveLength(1);
      expect(rows[0].total_page_views).toBe(views.length);
      expect(rows[0].session_duration_seconds).toBeGreaterThan(0);
      return rows;
    });
    expect(session).toMatchObject({
      landing_page: '/',
      referrer: storedReferrer,
      user_agent: userAgent,
      ip_address: null,
      total_page_views: views.length,
      bounced: 0,
    });
    expect(session.session_duration_seconds).toBeLessThanOrEqual(Math.ceil(elapsedSeconds));
    // Two page loads, one session record.
    expect(
      await clickhouseRows(
        `SELECT event_id FROM session_facts FINAL WHERE session_id = ${id} AND fact = 'session_start'`,
      ),
    ).toHaveLength(1);

    const events = await settled(async () => {
      const rows = await clickhouseRows<{
        event_type: string;
        page_path: string;
        step_number: number | null;
        top_condition: string | null;
        diagnosis_confidence: number | null;
        event_data: string;
        user_agent: string;
      }>(
        `SELECT event_type, page_path, step_number, top_condition, diagnosis_confidence, event_data, user_agent
         FROM analytics_events FINAL WHERE session_id = ${id}`,
      );
      expect(rows.map((row) => row.event_type)).toContain('diagnosis_received');
      // Ingestion writes each batch's tables side by side: the session's figures above
      // may be in before the last batch's events are.
      expect(rows.filter((row) => row.event_type === 'page_view')).toHaveLength(views.length);
      return rows;
    });
    const ofType = (type: string) => events.filter((row) => row.event_type === type);
    expect(
      ofType('page_view')
        .map((row) => row.page_path)
        .sort(),
    ).toEqual([...views].sort());
    expect(ofType('symptom_checker_started')).toHaveLength(1);
    // "None of these": the emergency check's own funnel stage, holding only that no sign was chosen.
    expect(ofType('emergency_check_completed')).toEqual([
      expect.objectContaining({ step_number: null, event_data: '{"anySign":false}' }),
    ]);
    expect(
      ofType('symptom_checker_step_completed')
        .map((row) => row.step_number)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ofType('symptom_checker_completed')).toHaveLength(1);
    expect(ofType('diagnosis_received')).toEqual([
      expect.objectContaining({
        page_path: '/',
        top_condition: top.condition,
        diagnosis_confidence: top.confidence,
      }),
    ]);
    expect(new Set(events.map((row) => row.user_agent))).toEqual(new Set([userAgent]));

    const visits = await settled(async () => {
      const rows = await clickhouseRows<{ page_path: string; referrer: string }>(
        `SELECT page_path, referrer FROM site_visits FINAL WHERE session_id = ${id}`,
      );
      expect(rows).toHaveLength(2);
      return rows;
    });
    expect(visits.sort((a, b) => a.page_path.localeCompare(b.page_path))).toEqual(
      [
        { page_path: '/', referrer: storedReferrer },
        { page_path: missing, referrer: '' },
      ].sort((a, b) => a.page_path.localeCompare(b.page_path)),
    );

    const completions = await settled(async () => {
      const rows = await clickhouseRows<Record<string, unknown>>(
        `SELECT top_condition, condition_confidence, total_symptoms_reported, pain_intensity,
                symptom_duration, functional_impact, requested_referral, user_location
         FROM symptom_checker_completions FINAL WHERE session_id = ${id}`,
      );
      expect(rows).toHaveLength(1);
      return rows;
    });
    expect(completions[0]).toEqual({
      top_condition: top.condition,
      condition_confidence: top.confidence,
      total_symptoms_reported: result.totalSymptoms,
      pain_intensity: 7,
      symptom_duration: '3-6 months',
      functional_impact: 'grip, pinch',
      requested_referral: 0,
      user_location: null,
    });

    const broken = await settled(async () => {
      const rows = await clickhouseRows<Record<string, unknown>>(
        `SELECT requested_path, referrer, user_agent FROM broken_links FINAL
         WHERE session_id = ${id}`,
      );
      expect(rows).toHaveLength(1);
      return rows;
    });
    expect(broken[0]).toEqual({ requested_path: missing, referrer: null, user_agent: userAgent });

    // The gateway accepted every batch, and the pages threw nothing.
    expect(requests.requests).toBeGreaterThan(0);
    expect(requests.statuses.filter((status) => status !== 202)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the emergency check (issue 26)', () => {
  it('sends emergency_check_completed once when it is finished, with only anySign, never the signs', async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    // Every body sent to /api/events, beacons included.
    const bodies: string[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/events') bodies.push(request.postData() ?? '');
    });
    const page = await context.newPage();
    await gotoPage(page, '/');
    const sessionId = await page.evaluate(
      (key) => (JSON.parse(window.sessionStorage.getItem(key) ?? '{}') as { id?: string }).id ?? '',
      SESSION_KEY,
    );
    await page.getByRole('button', { name: /Start Free Assessment/ }).click();
    await waitForEmergencyCheck(page);
    const [first, second] = EMERGENCY_SIGNS;
    await page.getByRole('checkbox', { name: first.label, exact: true }).check();
    await page.getByRole('checkbox', { name: second.label, exact: true }).check();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL(/\?view=emergency-advice$/);
    await page.getByRole('heading', { level: 1, name: EMERGENCY_ADVICE_HEADING }).waitFor();
    // The batch goes out FLUSH_DELAY_MS after the last event: wait for it, then for a moment
    // with the page still open, in case the event was sent twice.
    await settled(async () => {
      expect(bodies.join('\n')).toContain('"emergency_check_completed"');
      return true;
    });
    await page.waitForTimeout(FLUSH_DELAY_MS * 2);
    await page.goto('about:blank');

    const sent = await settled(async () => {
      const events = bodies
        .flatMap((body) => (JSON.parse(body) as { events: Record<string, unknown>[] }).events)
        .filter((event) => event.type === 'emergency_check_completed');
      expect(events).toHaveLength(1);
      return events;
    });
    expect(sent[0]).toEqual({
      type: 'emergency_check_completed',
      id: expect.any(String),
      sessionId,
      at: expect.any(Number),
      path: '/',
      anySign: true,
    });
    // Which signs were chosen is never sent, in any field of any event.
    for (const sign of [first, second]) {
      for (const body of bodies) {
        expect(body).not.toContain(sign.id);
        expect(body).not.toContain(sign.label);
      }
    }

    const stored = await settled(async () => {
      const rows = await clickhouseRows<{ event_data: string; step_number: number | null }>(
        `SELECT event_data, step_number FROM analytics_events FINAL
         WHERE session_id = '${sessionId}' AND event_type = 'emergency_check_completed'`,
      );
      expect(rows).toHaveLength(1);
      return rows;
    });
    expect(stored).toEqual([{ event_data: '{"anySign":true}', step_number: null }]);
    await context.close();
  });
});

describe('visitors who are never tracked', () => {
  /** A whole visit: pages, the questionnaire start, a 404, time for a batch, and leaving. */
  async function visit(options: BrowserContextOptions, initScript?: string) {
    const context = await browser().newContext(options);
    if (initScript) await context.addInitScript(initScript);
    const requests = watchEventRequests(context);
    const page = await context.newPage();
    await gotoPage(page, '/');
    await page.locator('main a[href="/hand-conditions"]').first().click();
    await page.waitForURL(/\/hand-conditions$/);
    await gotoPage(page, '/');
    await page.getByRole('button', { name: /Start Free Assessment/ }).click();
    await passEmergencyCheck(page);
    await next(page, 1);
    await gotoPage(page, '/no-such-page');
    await page.waitForTimeout(FLUSH_DELAY_MS + 1000);
    const stored = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY);
    await page.goto('about:blank');
    await page.waitForTimeout(1000);
    await context.close();
    return { requests: requests.requests, stored };
  }

  it('sends nothing and stores nothing when Global Privacy Control is on', async () => {
    const gpc = `Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', {
      get: () => true,
      configurable: true,
    });`;
    expect(await visit({}, gpc)).toEqual({ requests: 0, stored: null });
  });

  it("sends nothing from an iPhone's browser", async () => {
    expect(
      await visit({ userAgent: IPHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true }),
    ).toEqual({ requests: 0, stored: null });
  });

  it('does track the same visit without either (the check above can see requests)', async () => {
    const result = await visit({});
    expect(result.requests).toBeGreaterThan(0);
    expect(result.stored).not.toBeNull();
  });
});
