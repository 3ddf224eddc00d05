import {
  CONDITIONS,
  EMERGENCY_SIGNS,
  analyzeSymptoms,
  careAdvice,
  emptyAnswers,
  type Answers,
  type CareLevel,
} from '@handcheck/diagnosis';
import type { Page } from 'playwright-core';
import { FLAG_LABELS, STEP_DEFINITIONS } from '../src/features/questionnaire/stepDefinitions';
import { descriptionBesideCare } from '../src/features/results/descriptionBesideCare';
import {
  E2E_TIMEOUT_MS,
  axeViolations,
  gotoPage,
  openPage,
  titleOnceSet,
} from '../../tests/support/browser/browser';
import { browserForTests, tabForEachTest } from '../../tests/support/browser/hooks';
import { openResults } from '../../tests/support/browser/checker';
import {
  EMERGENCY_ADVICE_HEADING,
  EMERGENCY_CHECK_HEADING,
  EMERGENCY_CHECK_LEGEND,
  NONE_OF_THESE,
  NOT_SURE,
  notSureName,
  waitForEmergencyCheck,
} from '../../tests/support/browser/emergencyCheck';
import {
  checkByKeyboard,
  focusInfo,
  isButton,
  tabUntil,
  type FocusInfo,
} from '../../tests/support/browser/keyboard';

jest.setTimeout(E2E_TIMEOUT_MS);

const BLEEDING = EMERGENCY_SIGNS.find((sign) => sign.id === 'heavy-bleeding');
const COLD = EMERGENCY_SIGNS.find((sign) => sign.id === 'cold-pale-blue');
if (!BLEEDING || !COLD) throw new Error('the emergency signs changed: update this test');
/** The signs that are a 999 / 911 call, and those that send to A&E / the ER. */
const CALL_SIGNS = EMERGENCY_SIGNS.filter((sign) => sign.call === true);
const GO_SIGNS = EMERGENCY_SIGNS.filter((sign) => sign.call !== true);
if (CALL_SIGNS.length === 0 || GO_SIGNS.length === 0)
  throw new Error('the emergency signs changed: update this test');

/** Every control of the check in reading (and Tab) order: each sign, then its "I'm not sure". */
const CHECK_CONTROLS: readonly string[] = [
  ...EMERGENCY_SIGNS.flatMap((sign) => [sign.label, notSureName(sign.label)]),
  NONE_OF_THESE,
];

const browser = browserForTests();

async function startCheck(page: Page, path = '/') {
  await gotoPage(page, path);
  await page.getByRole('button', { name: /Start (Free|Symptom) Assessment/ }).click();
  await waitForEmergencyCheck(page);
}

async function waitForStep(page: Page, number: number) {
  await page.waitForURL(new RegExp(`\\?step=${number}$`));
  await page
    .getByRole('heading', { level: 1, name: STEP_DEFINITIONS[number - 1].title, exact: true })
    .waitFor();
}

async function waitForAdvice(page: Page) {
  await page.waitForURL(/\?view=emergency-advice$/);
  await page.getByRole('heading', { level: 1, name: EMERGENCY_ADVICE_HEADING }).waitFor();
}

/** The care card at a level; urgent and emergency cards interrupt (role=alert). */
const careCard = (page: Page, level: CareLevel) =>
  page.locator(`[role="alert"][data-testid="care-advice"][data-care-level="${level}"]`);
const stepNumbers = (page: Page) =>
  page
    .locator('main')
    .getByText(/Step \d+ of \d+/)
    .count();
const checkbox = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true });

/** Ticks, on the step shown, the yes/no flags the answers hold that this step asks. */
async function tickFlags(page: Page, number: number, answers: Answers) {
  for (const question of STEP_DEFINITIONS[number - 1].questions)
    if (question.kind === 'flags')
      for (const flag of question.flags)
        if (answers[flag])
          await page.getByRole('checkbox', { name: FLAG_LABELS[flag], exact: true }).check();
}

/** Answers step 1 to 6 with the mouse (step 1 and 4 as given, flags anywhere), then Get Assessment. */
async function answerSteps(page: Page, answers: Answers) {
  await waitForStep(page, 1);
  const group = page.getByRole('group', { name: 'Where do you feel pain or other symptoms?' });
  for (const location of answers.painLocation)
    await group.getByRole('checkbox', { name: location, exact: true }).check();
  if (answers.painIntensity)
    await page.getByRole('radio', { name: answers.painIntensity, exact: true }).check();
  for (let number = 1; number < 6; number += 1) {
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await waitForStep(page, number + 1);
    await tickFlags(page, number + 1, answers);
    if (number + 1 === 4) {
      if (answers.onsetType)
        await page.getByRole('radio', { name: answers.onsetType, exact: true }).check();
      if (answers.duration)
        await page.getByRole('radio', { name: answers.duration, exact: true }).check();
    }
  }
  await page.getByRole('button', { name: 'Get Assessment', exact: true }).click();
  await page.waitForURL(/\?view=results$/);
  await page.getByRole('heading', { level: 1, name: 'Assessment Results' }).waitFor();
}

/** Wrist pain that matches conditions, with nothing that raises the care level on its own. */
const WRIST: Answers = { ...emptyAnswers(), painLocation: ['Wrist', 'Thumb'] };
/** Severe pain days after an injury: the care layer's urgent level (a same-day X-ray). */
const URGENT: Answers = {
  ...emptyAnswers(),
  painLocation: ['Wrist', 'Thumb'],
  painIntensity: 'Severe (7-10/10)',
  onsetType: 'After injury/trauma',
  duration: 'Less than 1 week',
};

/**
 * The urgent story with swelling: at least urgent, and among its matches a lump whose
 * description says "usually harmless" (checked below), so the results must drop those words.
 */
const URGENT_LUMP: Answers = { ...URGENT, painLocation: ['Wrist'], swelling: true };

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

describe('the emergency check before the questions', () => {
  const tab = tabForEachTest(browser);

  it('opens the questionnaire without a step number, and goes by keyboard alone through "None of these" to Step 1 of 6', async () => {
    const { page } = tab;
    await gotoPage(page, '/');
    await tabUntil(page, isButton('Start Free Assessment 3 min'), 'the start button');
    await page.keyboard.press('Enter');
    await waitForEmergencyCheck(page);
    expect(await focusInfo(page, 'h1')).toMatchObject({ tag: 'h1', name: EMERGENCY_CHECK_HEADING });
    expect(await titleOnceSet(page, `${EMERGENCY_CHECK_HEADING} | HandCheck`)).toBe(
      `${EMERGENCY_CHECK_HEADING} | HandCheck`,
    );
    // It adds no step: no "Step n of 6", no progress bar.
    expect(await stepNumbers(page)).toBe(0);
    expect(await page.getByRole('progressbar').count()).toBe(0);
    // One fieldset whose legend names the question, every sign and "None of these" in it.
    const group = page.getByRole('group', { name: EMERGENCY_CHECK_LEGEND });
    for (const sign of EMERGENCY_SIGNS) {
      await group.getByRole('checkbox', { name: sign.label, exact: true }).waitFor();
      await group.getByRole('checkbox', { name: notSureName(sign.label), exact: true }).waitFor();
    }
    await group.getByRole('checkbox', { name: 'None of these', exact: true }).waitFor();

    // Continue without an answer: "none" must be said, so the check stays and says why.
    await tabUntil(page, isButton('Continue'), 'Continue');
    await page.keyboard.press('Enter');
    await page.getByTestId('emergency-check-error').waitFor();
    expect(await focusInfo(page)).toMatchObject({ tag: 'input', name: EMERGENCY_SIGNS[0].label });
    expect(page.url()).toMatch(/\?view=emergency-check$/);
    const describedBy = (await group.getAttribute('aria-describedby')) ?? '';
    const errorId = (await page.getByTestId('emergency-check-error').getAttribute('id')) ?? '-';
    expect(describedBy.split(' ')).toContain(errorId);
    expect(await axeViolations(page)).toEqual([]);

    await checkByKeyboard(page, 'None of these');
    expect(await checkbox(page, 'None of these').isChecked()).toBe(true);
    await tabUntil(page, isButton('Continue'), 'Continue');
    await page.keyboard.press('Enter');
    await waitForStep(page, 1);
    expect(await focusInfo(page, 'h1')).toMatchObject({
      tag: 'h1',
      name: 'Pain Location & Character',
    });
    expect(
      await page
        .locator('main')
        .getByText(/^Step \d of 6$/)
        .innerText(),
    ).toBe('Step 1 of 6');

    // Back returns to the check, answered as left; Forward to step 1.
    await page.goBack();
    await waitForEmergencyCheck(page);
    expect(await checkbox(page, 'None of these').isChecked()).toBe(true);
    await page.goForward();
    await waitForStep(page, 1);
    expect(tab.errors).toEqual([]);
  });

  it('shows the emergency card at once for any sign, in UK and US words, and lets the visitor go on', async () => {
    const { page } = tab;
    await startCheck(page, '/symptom-checker');
    await checkbox(page, 'None of these').check();
    // A sign and "None of these" exclude each other.
    await checkbox(page, BLEEDING.label).check();
    expect(await checkbox(page, 'None of these').isChecked()).toBe(false);
    await continueButton(page).click();
    await waitForAdvice(page);
    expect(await focusInfo(page, 'h1')).toMatchObject({
      tag: 'h1',
      name: EMERGENCY_ADVICE_HEADING,
    });
    expect(await stepNumbers(page)).toBe(0);

    const uk = page.getByRole('region', { name: 'In the UK' });
    const us = page.getByRole('region', { name: 'In the US' });
    expect(await uk.innerText()).toMatch(/A&E/);
    expect(await uk.innerText()).toMatch(/999/);
    expect(await us.innerText()).toMatch(/emergency room/);
    expect(await us.innerText()).toMatch(/911/);
    // Side by side on a desktop screen.
    const [ukBox, usBox] = [await uk.boundingBox(), await us.boundingBox()];
    expect(ukBox && usBox && Math.abs(ukBox.y - usBox.y) < 2 && usBox.x > ukBox.x).toBe(true);
    expect(await page.getByTestId('emergency-advice').innerText()).toContain(BLEEDING.reason);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Continue to the questions' }).click();
    await waitForStep(page, 1);
    expect(await focusInfo(page, 'h1')).toMatchObject({ tag: 'h1' });
    await page.goBack();
    await waitForAdvice(page);
    await page.getByRole('button', { name: 'Change my answer' }).click();
    await waitForEmergencyCheck(page);
    expect(await checkbox(page, BLEEDING.label).isChecked()).toBe(true);

    // The answer reaches the care card, the condition cards and the printout.
    await page.goBack();
    await waitForAdvice(page);
    await page.getByRole('button', { name: 'Continue to the questions' }).click();
    expect(careAdvice(WRIST).level).toBe('routine');
    expect(analyzeSymptoms(WRIST).topConditions.length).toBeGreaterThan(0);
    await answerSteps(page, WRIST);
    await careCard(page, 'emergency').waitFor();
    const cards = page.getByTestId('result-card');
    expect(await cards.count()).toBe(analyzeSymptoms(WRIST).topConditions.length);
    for (const card of await cards.all())
      expect(await card.getByTestId('result-care-level').innerText()).toBe('Care level: Emergency');

    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('print-emergency-check').innerText()).toBe(
      `Emergency signs now or today: ${BLEEDING.label}`,
    );
    expect(await page.getByTestId('match-explanation').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    expect(tab.errors).toEqual([]);
  });

  it('is reached again from the results, and a sign chosen there makes the results an emergency', async () => {
    const { page } = tab;
    await openResults(page, WRIST);
    expect(await careCard(page, 'emergency').count()).toBe(0);
    expect(await page.getByTestId('result-care-level').count()).toBe(0);
    // Routine: the condition cards read as before, with no "not a diagnosis" line.
    expect(await page.getByTestId('result-not-diagnosis').count()).toBe(0);
    // Routine: the referral is offered as the spec has it.
    await page.getByRole('button', { name: 'Request Specialist Referral' }).waitFor();

    await page.getByRole('button', { name: 'Check emergency signs again' }).click();
    await waitForEmergencyCheck(page);
    expect(await focusInfo(page, 'h1')).toMatchObject({ tag: 'h1', name: EMERGENCY_CHECK_HEADING });
    // Back goes back to the results.
    await page.goBack();
    await page.waitForURL(/\?view=results$/);
    await page.getByRole('heading', { level: 1, name: 'Assessment Results' }).waitFor();
    await page.goForward();
    await waitForEmergencyCheck(page);

    await checkbox(page, 'None of these').uncheck();
    await checkbox(page, COLD.label).check();
    await continueButton(page).click();
    await waitForAdvice(page);
    await page.getByRole('button', { name: 'Back to your results' }).click();
    await page.waitForURL(/\?view=results$/);
    await careCard(page, 'emergency').waitFor();
    expect(await page.getByTestId('result-care-level').first().innerText()).toBe(
      'Care level: Emergency',
    );
    // Emergency: the referral waits behind the care advice.
    expect(await page.getByRole('button', { name: 'Request Specialist Referral' }).count()).toBe(0);
    await page.getByTestId('referral-gate').waitFor();
    expect(tab.errors).toEqual([]);
  });

  it('holds the referral back at the urgent level (or above) until "I have sought urgent care", with the care level beside every priority label', async () => {
    const { page } = tab;
    // At least urgent; the care rules decide whether this story is urgent or an emergency.
    const level = careAdvice(URGENT).level;
    expect(level).not.toBe('routine');
    await openResults(page, URGENT);
    await careCard(page, level).waitFor();
    const cards = page.getByTestId('result-card');
    expect(await cards.count()).toBeGreaterThan(0);
    for (const card of await cards.all()) {
      const priority = card.getByTestId('result-priority');
      const care = card.getByTestId('result-care-level');
      expect(await priority.innerText()).toMatch(/^(High|Medium|Low) priority$/);
      expect(await care.innerText()).toBe(
        level === 'urgent' ? 'Care level: Urgent' : 'Care level: Emergency',
      );
      // Beside it: on the same line, just after it.
      const [p, c] = [await priority.boundingBox(), await care.boundingBox()];
      expect(p && c && Math.abs(p.y - c.y) < 4 && c.x > p.x).toBe(true);
    }

    const gate = page.getByTestId('referral-gate');
    expect(await gate.getByRole('heading', { name: 'Specialist Referral' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Request Specialist Referral' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await tabUntil(page, isButton('I have sought urgent care'), 'I have sought urgent care');
    await page.keyboard.press('Enter');
    // The spec's section as before, the focus on its button (the pressed one is gone).
    await page.getByRole('button', { name: 'Request Specialist Referral' }).waitFor();
    expect(await focusInfo(page)).toMatchObject({
      tag: 'button',
      name: 'Request Specialist Referral',
    });
    expect(await page.getByTestId('referral-gate').count()).toBe(0);
    await page.getByRole('button', { name: 'Request Specialist Referral' }).click();
    expect(await focusInfo(page, 'input')).toMatchObject({ tag: 'input' });
    expect(tab.errors).toEqual([]);
  });

  it('counts "I\'m not sure" alone beside any sign as the sign: a 999 / 911 call or A&E / the ER, in words that never mix', async () => {
    const { page } = tab;
    await startCheck(page);
    for (const sign of EMERGENCY_SIGNS) {
      await checkbox(page, notSureName(sign.label)).check();
      expect(await checkbox(page, sign.label).isChecked()).toBe(false);
      expect(await checkbox(page, NONE_OF_THESE).isChecked()).toBe(false);
      await continueButton(page).click();
      await waitForAdvice(page);
      const uk = await page.getByRole('region', { name: 'In the UK' }).innerText();
      const us = await page.getByRole('region', { name: 'In the US' }).innerText();
      if (sign.call) {
        expect(uk).toContain('Call 999 now.');
        expect(us).toContain('Call 911 now.');
      } else {
        expect(uk).toContain('Go to A&E now.');
        expect(us).toContain('Go to the emergency room (ER) now.');
      }
      expect(uk).not.toMatch(/911|emergency room|\bER\b/);
      expect(us).not.toMatch(/999|A&E/);
      // Its reason is listed, marked as one the visitor was not sure of.
      const reasons = page.getByTestId('emergency-reason');
      expect(await reasons.count()).toBe(1);
      expect(await reasons.innerText()).toContain(sign.reason);
      expect(await reasons.innerText()).toContain('You were not sure about this one.');

      await page.getByRole('button', { name: 'Change my answer' }).click();
      await waitForEmergencyCheck(page);
      expect(await checkbox(page, notSureName(sign.label)).isChecked()).toBe(true);
      await checkbox(page, notSureName(sign.label)).uncheck();
    }
    expect(tab.errors).toEqual([]);
  });

  it('takes a sign chosen as "I\'m not sure" to the care card and the printout as if ticked', async () => {
    const { page } = tab;
    const [call] = CALL_SIGNS;
    const [go] = GO_SIGNS;
    await startCheck(page);
    await checkbox(page, notSureName(call.label)).check();
    await checkbox(page, go.label).check();
    await continueButton(page).click();
    await waitForAdvice(page);
    const reasons = await page.getByTestId('emergency-reason').allInnerTexts();
    expect(reasons).toHaveLength(2);
    expect(reasons[0]).toContain('You were not sure');
    expect(reasons[1]).not.toContain('You were not sure');
    await page.getByRole('button', { name: 'Continue to the questions' }).click();
    await answerSteps(page, WRIST);
    // The card the engine gives for both signs ticked.
    const advice = careAdvice(WRIST, [call.id, go.id]);
    const card = careCard(page, advice.level);
    await card.waitFor();
    expect(await card.innerText()).toContain(advice.title);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('print-emergency-check').innerText()).toBe(
      `Emergency signs now or today: ${call.label} (not sure); ${go.label}`,
    );
    await page.emulateMedia({ media: 'screen' });
    expect(tab.errors).toEqual([]);
  });

  it('leads an urgent result with the care card, says on every condition card that it is not a diagnosis, and never says "harmless"', async () => {
    const { page } = tab;
    const advice = careAdvice(URGENT_LUMP);
    expect(advice.level).not.toBe('routine');
    const matches = analyzeSymptoms(URGENT_LUMP).topConditions;
    // The story matches a lump described as "usually harmless", so leaving that out is tested.
    expect(matches.some((match) => /harmless/i.test(match.description))).toBe(true);
    expect(CONDITIONS.some((condition) => /harmless/i.test(condition.description))).toBe(true);

    await openResults(page, URGENT_LUMP);
    await careCard(page, advice.level).waitFor();

    // DOM order: the title, then at once the care card, then the explanation, then the cards.
    const order = await page.evaluate(() => {
      const title = [...document.querySelectorAll('h1')].find(
        (heading) => heading.textContent === 'Assessment Results',
      );
      const care = document.querySelector('[data-testid="care-advice"]');
      const explanation = [...document.querySelectorAll('p')].find((paragraph) =>
        paragraph.textContent?.startsWith('Based on your answers'),
      );
      const firstCard = document.querySelector('[data-testid="result-card"]');
      const before = (a: Element | null | undefined, b: Element | null | undefined) =>
        Boolean(a && b && a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
      return {
        careRightAfterTitle: title?.nextElementSibling === care,
        careBeforeExplanation: before(care, explanation),
        careBeforeFirstCard: before(care, firstCard),
      };
    });
    expect(order).toEqual({
      careRightAfterTitle: true,
      careBeforeExplanation: true,
      careBeforeFirstCard: true,
    });

    const cards = page.getByTestId('result-card');
    expect(await cards.count()).toBe(matches.length);
    for (const [index, card] of (await cards.all()).entries()) {
      expect(await card.getByTestId('result-not-diagnosis').innerText()).toBe(
        'This is a possible match, not a diagnosis. Follow the care advice above.',
      );
      expect(await card.innerText()).not.toMatch(/harmless/i);
      expect(await card.getByTestId('result-description').innerText()).toBe(
        descriptionBesideCare(matches[index].description, advice.level),
      );
      // The spec's fixed texts stay where they were.
      expect(await card.getByTestId('result-confidence').innerText()).toBe(
        `${matches[index].confidence}% match`,
      );
      expect(await card.getByTestId('result-priority').innerText()).toMatch(
        /^(High|Medium|Low) priority$/,
      );
    }
    expect(await axeViolations(page)).toEqual([]);
    expect(tab.errors).toEqual([]);
  });

  for (const width of [320, 390, 1280]) {
    it(`at ${width} px, reaches every sign and every "${NOT_SURE}" by Tab, each a checkbox named uniquely, and works by Space and Enter alone`, async () => {
      const sized = await openPage(browser(), { viewport: { width, height: 800 } });
      try {
        const { page } = sized;
        await startCheck(page);
        expect(await focusInfo(page, 'h1')).toMatchObject({
          tag: 'h1',
          name: EMERGENCY_CHECK_HEADING,
        });

        // Roles and names: one checkbox per name, every name different, each holding the
        // words shown beside it (WCAG 2.5.3).
        const group = page.getByRole('group', { name: EMERGENCY_CHECK_LEGEND });
        expect(new Set(CHECK_CONTROLS).size).toBe(CHECK_CONTROLS.length);
        expect(await group.getByRole('checkbox').count()).toBe(CHECK_CONTROLS.length);
        for (const name of CHECK_CONTROLS)
          expect(await group.getByRole('checkbox', { name, exact: true }).count()).toBe(1);
        for (const sign of EMERGENCY_SIGNS)
          expect(notSureName(sign.label).startsWith(NOT_SURE)).toBe(true);
        // What each "not sure" shows (its label's text, without the hidden sign after it).
        const shown = await page.evaluate(() =>
          [...document.querySelectorAll('input[name="emergencySignNotSure"]')].map(
            (input) =>
              input.closest('label')?.querySelector('.MuiFormControlLabel-label')?.firstChild
                ?.textContent ?? '',
          ),
        );
        expect(shown).toEqual(EMERGENCY_SIGNS.map(() => NOT_SURE));

        // Tab from the heading: each sign, then its "I'm not sure", then "None of these", then
        // Continue. Space ticks on the way: one sign, and "not sure" beside a 999 sign.
        const [call] = CALL_SIGNS;
        const [go] = GO_SIGNS;
        const toTick = new Set([go.label, notSureName(call.label)]);
        const reached: FocusInfo[] = [];
        for (const name of CHECK_CONTROLS) {
          await page.keyboard.press('Tab');
          reached.push(await focusInfo(page));
          if (toTick.has(name)) await page.keyboard.press('Space');
        }
        expect(reached.map((focus) => `${focus.tag} ${focus.type}: ${focus.name}`)).toEqual(
          CHECK_CONTROLS.map((name) => `input checkbox: ${name}`),
        );
        await page.keyboard.press('Tab');
        expect(isButton('Continue')(await focusInfo(page))).toBe(true);
        expect(await checkbox(page, go.label).isChecked()).toBe(true);
        expect(await checkbox(page, notSureName(call.label)).isChecked()).toBe(true);
        expect(await checkbox(page, NONE_OF_THESE).isChecked()).toBe(false);
        expect(await horizontalOverflow(page)).toBe(0);
        expect(await axeViolations(page)).toEqual([]);

        // Back to "None of these": it clears the signs and every "not sure".
        await page.keyboard.press('Shift+Tab');
        expect(await focusInfo(page)).toMatchObject({ name: NONE_OF_THESE, checked: false });
        await page.keyboard.press('Space');
        expect(await checkbox(page, go.label).isChecked()).toBe(false);
        expect(await checkbox(page, notSureName(call.label)).isChecked()).toBe(false);
        // Then "I'm not sure" beside the last sign: it clears "None of these".
        const last = EMERGENCY_SIGNS[EMERGENCY_SIGNS.length - 1];
        await page.keyboard.press('Shift+Tab');
        expect(await focusInfo(page)).toMatchObject({ name: notSureName(last.label) });
        await page.keyboard.press('Space');
        expect(await checkbox(page, NONE_OF_THESE).isChecked()).toBe(false);
        expect(await checkbox(page, notSureName(last.label)).isChecked()).toBe(true);

        await tabUntil(page, isButton('Continue'), 'Continue');
        await page.keyboard.press('Enter');
        await waitForAdvice(page);
        const wording = last.call
          ? ['Call 999 now.', 'Call 911 now.']
          : ['Go to A&E now.', 'Go to the emergency room (ER) now.'];
        expect(await page.getByRole('region', { name: 'In the UK' }).innerText()).toContain(
          wording[0],
        );
        expect(await page.getByRole('region', { name: 'In the US' }).innerText()).toContain(
          wording[1],
        );
        expect(await horizontalOverflow(page)).toBe(0);
        expect(await axeViolations(page)).toEqual([]);
        expect(sized.errors).toEqual([]);
      } finally {
        await sized.close();
      }
    });
  }

  for (const width of [320, 390, 1280]) {
    it(`fits a ${width} px screen without sideways scrolling, and passes axe`, async () => {
      const sized = await openPage(browser(), { viewport: { width, height: 800 } });
      try {
        const { page } = sized;
        await startCheck(page);
        expect(await horizontalOverflow(page)).toBe(0);
        expect(await axeViolations(page)).toEqual([]);
        await checkbox(page, EMERGENCY_SIGNS[EMERGENCY_SIGNS.length - 1].label).check();
        await checkbox(page, BLEEDING.label).check();
        const last = await continueButton(page).boundingBox();
        expect(last && last.x + last.width <= width).toBe(true);
        await continueButton(page).click();
        await waitForAdvice(page);
        expect(await horizontalOverflow(page)).toBe(0);
        expect(await axeViolations(page)).toEqual([]);
        expect(sized.errors).toEqual([]);
      } finally {
        await sized.close();
      }
    });
  }
});
