import { analyzeSymptoms, emptyAnswers, priorityFor, type Answers } from '@handcheck/diagnosis';
import type { Locator, Page, Route } from 'playwright-core';
import { CONTACT_EMAIL, findCondition, siteFaqs } from '../src/content';
import { STEP_DEFINITIONS } from '../src/features/questionnaire/stepDefinitions';
import {
  E2E_TIMEOUT_MS,
  axeViolations,
  gotoPage,
  openPage,
  siteUrl,
  titleOnceSet,
} from '../../tests/support/browser/browser';
import { browserForTests, tabForEachTest } from '../../tests/support/browser/hooks';
import { focusInfo, tabUntil } from '../../tests/support/browser/keyboard';
import {
  finishToResults,
  openResults,
  startChecker,
  waitForStep,
} from '../../tests/support/browser/checker';
import {
  passEmergencyCheck,
  waitForEmergencyCheck,
} from '../../tests/support/browser/emergencyCheck';

jest.setTimeout(E2E_TIMEOUT_MS);

const HOLLOW = 'Hollow/indent at base of thumb (where thumb meets wrist)';
const LOCATION_LEGEND = 'Where do you feel pain or other symptoms?';

const browser = browserForTests();

const diagramRegion = (page: Page, name: string) =>
  page.getByTestId('hand-diagram').getByRole('checkbox', { name, exact: true });
const listBox = (page: Page, name: string) =>
  page.getByRole('group', { name: LOCATION_LEGEND }).getByRole('checkbox', { name, exact: true });
const ariaChecked = (region: Locator) => region.getAttribute('aria-checked');

/** The title a view sets (in an effect, so it may come just after the view is shown). */
async function expectTitle(page: Page, expected: string) {
  expect(await titleOnceSet(page, expected)).toBe(expected);
}

describe('hand diagram (step 1)', () => {
  const tab = tabForEachTest(browser);

  it('has one region per pain location, and mouse clicks stay in step with the checkboxes both ways', async () => {
    const { page } = tab;
    await startChecker(page);
    const question = STEP_DEFINITIONS[0].questions[0];
    if (question.kind !== 'locations') throw new Error('step 1 starts with the locations');
    const regions = page.getByTestId('hand-diagram').getByRole('checkbox');
    expect(
      await regions.evaluateAll((all) => all.map((r) => r.getAttribute('aria-label'))),
    ).toEqual([...question.options]);
    // The list stays: one checkbox per option.
    expect(
      await page.getByRole('group', { name: LOCATION_LEGEND }).getByRole('checkbox').count(),
    ).toBe(question.options.length);

    await diagramRegion(page, 'Index finger').click();
    expect(await ariaChecked(diagramRegion(page, 'Index finger'))).toBe('true');
    expect(await listBox(page, 'Index finger').isChecked()).toBe(true);

    await listBox(page, 'Index finger').uncheck();
    expect(await ariaChecked(diagramRegion(page, 'Index finger'))).toBe('false');
    await listBox(page, 'Elbow').check();
    expect(await ariaChecked(diagramRegion(page, 'Elbow'))).toBe('true');

    // The fingertips are five small shapes of one region: a tap on any of them toggles it.
    await page
      .locator('[data-testid="hand-diagram"] [data-location="Fingertip"] rect')
      .first()
      .click();
    expect(await listBox(page, 'Fingertip').isChecked()).toBe(true);
    await diagramRegion(page, HOLLOW).click();
    expect(await listBox(page, HOLLOW).isChecked()).toBe(true);
    await diagramRegion(page, 'Elbow').click();
    expect(await listBox(page, 'Elbow').isChecked()).toBe(false);

    // Chosen regions are marked by pattern and outline plus a tick, not by colour alone.
    const marks = await page
      .getByTestId('hand-diagram')
      .evaluate((svg) => svg.querySelectorAll('circle').length);
    expect(marks).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
    expect(tab.errors).toEqual([]);
  });

  it('is operated by keyboard: Tab to a region by its name, Space and Enter toggle it', async () => {
    const { page } = tab;
    await startChecker(page);
    const isRegion = (name: string) => (focus: { tag: string; name: string }) =>
      focus.tag === 'g' && focus.name === name;
    await tabUntil(page, isRegion('Thumb'), 'the Thumb region');
    const thumb = diagramRegion(page, 'Thumb');
    expect(await thumb.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    expect(await ariaChecked(thumb)).toBe('true');
    expect(await listBox(page, 'Thumb').isChecked()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await ariaChecked(thumb)).toBe('false');
    expect(await listBox(page, 'Thumb').isChecked()).toBe(false);
    // Space did not scroll the page nor leave the region.
    expect(await focusInfo(page)).toMatchObject({ tag: 'g', name: 'Thumb' });

    await tabUntil(page, isRegion('Wrist'), 'the Wrist region');
    await page.keyboard.press('Enter');
    expect(await listBox(page, 'Wrist').isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('gives every region a target of at least 24 × 24 CSS px on a 320 px wide phone', async () => {
    const phone = await openPage(browser(), { viewport: { width: 320, height: 640 } });
    try {
      const { page } = phone;
      await startChecker(page);
      const sizes = await page.getByTestId('hand-diagram').evaluate((svg) =>
        [...svg.querySelectorAll('[role="checkbox"]')].map((region) => {
          // Each piece's best target (its shape or its pad) before rotation, in CSS px.
          const scale =
            svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
          const smallest = Math.min(
            ...[...region.children].map((piece) =>
              Math.max(
                ...[...piece.querySelectorAll('.hc-shape, .hc-pad')].map((shape) => {
                  const box = (shape as SVGGraphicsElement).getBBox();
                  return Math.min(box.width, box.height) * scale;
                }),
              ),
            ),
          );
          return { name: region.getAttribute('aria-label'), smallest: Math.floor(smallest) };
        }),
      );
      expect(sizes).toHaveLength(11);
      expect(sizes.filter((size) => size.smallest < 24)).toEqual([]);
      // The page does not scroll sideways at 320 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        320,
      );
    } finally {
      await phone.close();
    }
  });

  it('sends the chosen regions to the engine and marks them on the printed summary', async () => {
    const { page } = tab;
    await startChecker(page);
    await diagramRegion(page, 'Thumb').click();
    await diagramRegion(page, HOLLOW).click();
    await page.getByRole('radio', { name: 'Sharp/Stabbing' }).check();
    await finishToResults(page);

    const answers: Answers = {
      ...emptyAnswers(),
      painLocation: ['Thumb', HOLLOW],
      painType: 'Sharp/Stabbing',
    };
    const expected = analyzeSymptoms(answers).topConditions.map((match) => match.condition);
    expect(expected.length).toBeGreaterThan(0);
    const shown = (await page.getByTestId('result-name').allInnerTexts()).map((text) =>
      text.replace(/^\d+\.\s*/, ''),
    );
    expect(shown).toEqual(expected);

    await page.emulateMedia({ media: 'print' });
    const printed = page.getByTestId('hand-diagram-print');
    expect(await printed.isVisible()).toBe(true);
    expect(await printed.getAttribute('role')).toBe('img');
    expect(await printed.getAttribute('aria-label')).toBe(
      `Hand diagram with the chosen areas marked: Thumb, ${HOLLOW}`,
    );
    const chosen = await printed.evaluate((svg) =>
      [...svg.querySelectorAll('[data-chosen="true"]')].map((g) => g.getAttribute('data-location')),
    );
    expect(chosen).toEqual(['Thumb', HOLLOW]);
    expect(await printed.locator('[tabindex], [role="checkbox"]').count()).toBe(0);
    await page.emulateMedia({ media: 'screen' });
    expect(await printed.isVisible()).toBe(false);
  });
});

describe('what visitors tripped over', () => {
  const tab = tabForEachTest(browser);

  it('1. honours a tap on Start made before the page is interactive', async () => {
    const { page, events } = tab;
    // Hold the page's scripts back on the first load, so the tap lands before hydration.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = true;
    const hold = async (route: Route) => {
      if (holding) await held;
      await route.continue().catch(() => undefined);
    };
    await page.route('**/assets/*.js', hold);
    await page.goto(siteUrl('/'), { waitUntil: 'commit' });
    const start = page.getByRole('button', { name: /Start Free Assessment/ });
    await start.waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull();
    await start.click({ noWaitAfter: true });
    holding = false;
    release();
    await passEmergencyCheck(page);
    await expectTitle(page, 'Step 1 of 6: Pain Location & Character | HandCheck');
    const deadline = Date.now() + 10_000;
    while (
      !events.some((event) => event.type === 'symptom_checker_started') &&
      Date.now() < deadline
    )
      await page.waitForTimeout(250);
    expect(events.map((event) => event.type)).toContain('symptom_checker_started');
    expect(tab.errors).toEqual([]);
  });

  it('2. without JavaScript: FAQ answers are readable and the checker and admin say they need it', async () => {
    const context = await browser().newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(siteUrl('/faq'));
      for (const faq of siteFaqs) expect(await page.getByText(faq.answer).isVisible()).toBe(true);

      const condition = findCondition('carpal-tunnel-syndrome');
      if (!condition || condition.faqs.length === 0) throw new Error('no condition FAQs');
      await page.goto(siteUrl('/conditions/carpal-tunnel-syndrome'));
      for (const faq of condition.faqs)
        expect(await page.getByText(faq.answer).first().isVisible()).toBe(true);

      for (const path of ['/', '/symptom-checker']) {
        await page.goto(siteUrl(path));
        const notice = page.getByTestId('noscript-notice');
        expect(await notice.isVisible()).toBe(true);
        expect(await notice.innerText()).toContain('The symptom checker needs JavaScript');
      }
      await page.goto(siteUrl('/admin'));
      expect(await page.getByTestId('noscript-notice').innerText()).toContain(
        'The admin area needs JavaScript',
      );
    } finally {
      await context.close();
    }
    // With JavaScript the notice is not shown, and the accordion starts closed.
    const { page } = tab;
    await gotoPage(page, '/');
    expect(await page.getByTestId('noscript-notice').count()).toBe(0);
    await gotoPage(page, '/faq');
    expect(await page.getByText(siteFaqs[1].answer).isVisible()).toBe(false);
  });

  it('3. says next to the cards that percentage and priority describe the match, not seriousness', async () => {
    const { page } = tab;
    await openResults(page, {
      ...emptyAnswers(),
      painLocation: ['Wrist'],
      painType: 'Sharp/Stabbing',
    });
    const cards = page.getByRole('region', { name: 'Possible conditions' });
    const explanation = cards.getByTestId('match-explanation');
    expect(await explanation.isVisible()).toBe(true);
    expect(await explanation.innerText()).toContain(
      'They show how closely your answers match each condition, not how serious the condition is',
    );
    // The spec's labels stay.
    const [first] = analyzeSymptoms({
      ...emptyAnswers(),
      painLocation: ['Wrist'],
      painType: 'Sharp/Stabbing',
    }).topConditions;
    expect(await page.getByTestId('result-priority').first().innerText()).toBe(
      `${priorityFor(first.confidence).label} priority`,
    );
    expect(await axeViolations(page)).toEqual([]);
  });

  it('4. titles every step and the results, with the brand suffix', async () => {
    const { page } = tab;
    await gotoPage(page, '/symptom-checker');
    const landing = await page.title();
    await page.getByRole('button', { name: /Start Symptom Assessment/ }).click();
    await waitForEmergencyCheck(page);
    await expectTitle(page, 'Is this an emergency? | HandCheck');
    await passEmergencyCheck(page);
    for (const [index, step] of STEP_DEFINITIONS.entries()) {
      await waitForStep(page, index + 1);
      await expectTitle(page, `Step ${index + 1} of 6: ${step.title} | HandCheck`);
      await page
        .getByRole('button', { name: index === 5 ? 'Get Assessment' : 'Next', exact: true })
        .click();
    }
    await page.waitForURL(/\?view=results$/);
    await page.getByRole('heading', { level: 1, name: 'Assessment Results' }).waitFor();
    await expectTitle(page, 'Your results | HandCheck');
    await page.goBack();
    await waitForStep(page, 6);
    await expectTitle(page, 'Step 6 of 6: Additional Information | HandCheck');
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: 'Assessment Results' }).waitFor();
    await page.getByRole('button', { name: 'Start New Assessment' }).click();
    await page.getByRole('button', { name: /Start Symptom Assessment/ }).waitFor();
    await expectTitle(page, landing);
  });

  it('5. shows the whole step 6 label on a phone, and spaces the step 1 questions', async () => {
    const phone = await openPage(browser(), { viewport: { width: 320, height: 640 } });
    try {
      const { page } = phone;
      await startChecker(page);
      const gaps = await page
        .locator('main form fieldset')
        .evaluateAll((sets) => sets.map((set) => parseFloat(getComputedStyle(set).marginBottom)));
      expect(gaps.length).toBe(4);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(32);
      const widest = () => page.evaluate(() => document.documentElement.scrollWidth);
      expect(await widest()).toBeLessThanOrEqual(320);
      for (let number = 1; number < 6; number += 1) {
        await page.getByRole('button', { name: 'Next', exact: true }).click();
        await waitForStep(page, number + 1);
        // Nothing runs off the side, "Get Assessment" on step 6 included.
        expect({ step: number + 1, width: await widest() }).toEqual({
          step: number + 1,
          width: 320,
        });
      }
      const submit = await page.getByRole('button', { name: 'Get Assessment' }).boundingBox();
      expect(submit && submit.x + submit.width).toBeLessThanOrEqual(320);
      const label = page.locator('main label', { hasText: 'Anything else' });
      expect(await label.innerText()).toBe('Anything else you would like to tell us? (optional)');
      const fits = await label.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return element.scrollWidth <= element.clientWidth + 1 && box.right <= window.innerWidth;
      });
      expect(fits).toBe(true);
      expect(await page.getByText('(optional)', { exact: false }).first().isVisible()).toBe(true);
    } finally {
      await phone.close();
    }
  });

  it('starts each view at the top of the page with focus on its heading, Start New Assessment included', async () => {
    const phone = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    try {
      const { page } = phone;
      const where = () =>
        page.evaluate(() => ({
          scrollY: Math.round(window.scrollY),
          focused: `${document.activeElement?.tagName} ${document.activeElement?.textContent}`,
        }));
      await startChecker(page);
      expect(await where()).toEqual({ scrollY: 0, focused: `H1 ${STEP_DEFINITIONS[0].title}` });
      // Next sits at the bottom of a long step: the next step must not open half-way down.
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await waitForStep(page, 2);
      expect(await where()).toEqual({ scrollY: 0, focused: `H1 ${STEP_DEFINITIONS[1].title}` });
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      for (let number = 2; number < 6; number += 1) {
        await page.getByRole('button', { name: 'Next', exact: true }).click();
        await waitForStep(page, number + 1);
      }
      await page.getByRole('button', { name: 'Get Assessment', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Assessment Results' }).waitFor();
      expect(await where()).toEqual({ scrollY: 0, focused: 'H1 Assessment Results' });

      const restart = page.getByRole('button', { name: 'Start New Assessment' });
      await restart.scrollIntoViewIfNeeded();
      expect((await where()).scrollY).toBeGreaterThan(0);
      await restart.click();
      const landing = page.getByRole('heading', { level: 1 });
      await page.getByRole('button', { name: /Start Free Assessment/ }).waitFor();
      expect(await where()).toEqual({ scrollY: 0, focused: `H1 ${await landing.innerText()}` });
    } finally {
      await phone.close();
    }
  });

  it('5. lets a chosen single answer be cleared, and keeps it cleared', async () => {
    const { page } = tab;
    await startChecker(page);
    const group = page.getByRole('radiogroup').nth(1);
    await page.getByRole('radio', { name: 'Burning' }).check();
    const clear = page.getByRole('button', { name: 'Clear answer: What does the pain feel like?' });
    expect(await clear.isVisible()).toBe(true);
    await clear.click();
    expect(await page.getByRole('radio', { name: 'Burning' }).isChecked()).toBe(false);
    expect(await group.getByRole('radio', { checked: true }).count()).toBe(0);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe(
      'Sharp/Stabbing',
    );
    expect(await clear.count()).toBe(0);
    await page.reload();
    await waitForStep(page, 1);
    expect(await page.getByRole('radio', { name: 'Burning' }).isChecked()).toBe(false);
  });

  it('5. links the checker from the header and "Contact us" to a real address', async () => {
    const { page } = tab;
    await gotoPage(page, '/faq');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const current = () =>
      nav.locator('[aria-current="page"]').evaluateAll((links) => links.map((a) => a.textContent));
    expect(await current()).toEqual(['FAQ']);
    const checker = nav.getByRole('link', { name: 'Symptom Checker' });
    expect(await checker.getAttribute('href')).toBe('/symptom-checker');
    await checker.click();
    await page.waitForURL(siteUrl('/symptom-checker'));
    // The URL changes first; the header follows once the new page has rendered.
    await nav.locator('[aria-current="page"]', { hasText: 'Symptom Checker' }).waitFor();
    expect(await current()).toEqual(['Symptom Checker']);

    await page.goto(siteUrl('/no-such-page'));
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('link', { name: 'Contact us' }).click();
    await page.waitForURL(siteUrl('/about#contact'));
    const mail = page.locator('#contact').getByRole('link', { name: CONTACT_EMAIL });
    expect(await mail.getAttribute('href')).toBe(`mailto:${CONTACT_EMAIL}`);
    expect(await mail.isVisible()).toBe(true);
  });

  it('5. keeps each header link on one line, inside the screen, on a 320 px phone', async () => {
    const phone = await openPage(browser(), { viewport: { width: 320, height: 640 } });
    try {
      const { page } = phone;
      await gotoPage(page, '/');
      const links = await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link')
        .evaluateAll((anchors) =>
          anchors.map((anchor) => ({
            name: anchor.textContent,
            // An inline link broken over two lines has one client rect per line.
            lines: anchor.getClientRects().length,
            right: anchor.getBoundingClientRect().right,
          })),
        );
      expect(links.map((link) => link.name)).toEqual(['Symptom Checker', 'FAQ', 'About']);
      for (const link of links) {
        expect(link).toEqual({ name: link.name, lines: 1, right: expect.any(Number) });
        expect(link.right).toBeLessThanOrEqual(320);
      }
    } finally {
      await phone.close();
    }
  });

  it('5. shows no empty or mislabelled resource group, and no-match wording that fits', async () => {
    const { page } = tab;
    await startChecker(page);
    for (const location of ['Thumb', 'Wrist', 'Elbow']) await listBox(page, location).check();
    await finishToResults(page);
    const toggles = page.getByRole('button', { name: 'Learn More' });
    for (const toggle of await toggles.all()) {
      await toggle.click();
      const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
      const groups = await panel.locator('h3').allInnerTexts();
      expect(groups).not.toContain('Videos');
      for (const heading of groups) {
        const list = panel
          .locator('h3', { hasText: heading })
          .locator('xpath=following-sibling::ul[1]');
        expect({ heading, links: (await list.getByRole('link').count()) > 0 }).toEqual({
          heading,
          links: true,
        });
      }
    }

    await page.getByRole('button', { name: 'Start New Assessment' }).click();
    await page.getByRole('button', { name: /Start Free Assessment/ }).click();
    await passEmergencyCheck(page);
    await finishToResults(page);
    await page.getByTestId('no-match').waitFor();
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/these conditions match/i);
    expect(text).toContain('no condition this tool knows matched closely enough to show');
    expect(await page.getByTestId('match-explanation').count()).toBe(0);
  });
});
