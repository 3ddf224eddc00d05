import {
  EMERGENCY_SIGNS,
  analyzeSymptoms,
  careAdvice,
  emptyAnswers,
  type Answers,
  type CareLevel,
} from '@handcheck/diagnosis';
import type { Page } from 'playwright-core';
import { STEP_DEFINITIONS } from '../src/features/questionnaire/stepDefinitions';
import {
  E2E_TIMEOUT_MS,
  axeViolations,
  gotoPage,
  openPage,
  titleOnceSet,
} from '../../tests/support/browser/browser';
import { browserForTests, tabForEachTest } from '../../tests/support/browser/hooks';
import {
  EMERGENCY_ADVICE_HEADING,
  EMERGENCY_CHECK_HEADING,
  passEmergencyCheck,
  waitForEmergencyCheck,
} from '../../tests/support/browser/emergencyCheck';
import {
  checkByKeyboard,
  focusInfo,
  isButton,
  tabUntil,
} from '../../tests/support/browser/keyboard';

jest.setTimeout(E2E_TIMEOUT_MS);

const BLEEDING = EMERGENCY_SIGNS.find((sign) => sign.id === 'heavy-bleeding');
const COLD = EMERGENCY_SIGNS.find((sign) => sign.id === 'cold-pale-blue');
if (!BLEEDING || !COLD) throw new Error('the emergency signs changed: update this test');

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

/** Answers step 1 to 6 with the mouse (step 1 and 4 as given), then Get Assessment. */
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
    const group = page.getByRole('group', { name: 'Is any of these happening to you now?' });
    for (const sign of EMERGENCY_SIGNS)
      await group.getByRole('checkbox', { name: sign.label, exact: true }).waitFor();
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
      `Emergency signs happening now: ${BLEEDING.label}`,
    );
    expect(await page.getByTestId('match-explanation').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    expect(tab.errors).toEqual([]);
  });

  it('is reached again from the results, and a sign chosen there makes the results an emergency', async () => {
    const { page } = tab;
    await startCheck(page);
    await passEmergencyCheck(page);
    await answerSteps(page, WRIST);
    expect(await careCard(page, 'emergency').count()).toBe(0);
    expect(await page.getByTestId('result-care-level').count()).toBe(0);
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

  it('holds the referral back at the urgent level until "I have sought urgent care", with the care level beside every priority label', async () => {
    const { page } = tab;
    expect(careAdvice(URGENT).level).toBe('urgent');
    await startCheck(page);
    await passEmergencyCheck(page);
    await answerSteps(page, URGENT);
    await careCard(page, 'urgent').waitFor();
    const cards = page.getByTestId('result-card');
    expect(await cards.count()).toBeGreaterThan(0);
    for (const card of await cards.all()) {
      const priority = card.getByTestId('result-priority');
      const care = card.getByTestId('result-care-level');
      expect(await priority.innerText()).toMatch(/^(High|Medium|Low) priority$/);
      expect(await care.innerText()).toBe('Care level: Urgent');
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
