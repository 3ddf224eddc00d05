import {
  CARE_LEVELS,
  analyzeSymptoms,
  emptyAnswers,
  priorityFor,
  type Answers,
} from '@handcheck/diagnosis';
import type { Page } from 'playwright-core';
import { parseEventBatch } from '@handcheck/contracts/browser-events';
import { STEP_DEFINITIONS, FLAG_LABELS } from '../src/features/questionnaire/stepDefinitions';
import { E2E_TIMEOUT_MS, axeViolations, gotoPage } from '../../tests/support/browser/browser';
import { browserForTests, tabForEachTest } from '../../tests/support/browser/hooks';
import {
  checkByKeyboard,
  chooseRadioByKeyboard,
  focusInfo,
  isButton,
  tabUntil,
} from '../../tests/support/browser/keyboard';
import { startChecker, waitForStep } from '../../tests/support/browser/checker';
import { passEmergencyCheck, waitForEmergencyCheck } from '../../tests/support/browser/emergencyCheck';

jest.setTimeout(E2E_TIMEOUT_MS);

const browser = browserForTests();

/** Step 1's location checkbox (the hand diagram has a region of the same name). */
const locationBox = (page: Page, name: string) =>
  page
    .getByRole('group', { name: 'Where do you feel pain or other symptoms?' })
    .getByRole('checkbox', { name, exact: true });

const heading = (page: Page) => page.locator('main h1').innerText();
const stepText = (page: Page) =>
  page
    .locator('main')
    .getByText(/^Step \d of 6$/)
    .innerText();

async function next(page: Page, label = 'Next') {
  await page.getByRole('button', { name: label, exact: true }).click();
}

/** Reads the result cards as shown. */
async function resultCards(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'Assessment Results' }).waitFor();
  const cards = page.getByTestId('result-card');
  const count = await cards.count();
  const shown = [];
  for (let index = 0; index < count; index += 1) {
    const card = cards.nth(index);
    shown.push({
      condition: (await card.getByTestId('result-name').innerText()).replace(/^\d+\.\s*/, ''),
      confidence: await card.getByTestId('result-confidence').innerText(),
      priority: await card.getByTestId('result-priority').innerText(),
      reasons: card.getByTestId('result-reasons').locator('li').allInnerTexts(),
    });
  }
  return Promise.all(shown.map(async (card) => ({ ...card, reasons: await card.reasons })));
}

function expectedCards(answers: Answers) {
  return analyzeSymptoms(answers).topConditions.map((match) => ({
    condition: match.condition,
    confidence: `${match.confidence}% match`,
    priority: `${priorityFor(match.confidence).label} priority`,
    reasons: match.matchingSymptoms,
  }));
}

describe('symptom questionnaire', () => {
  const tab = tabForEachTest(browser);

  it('can be completed with the keyboard alone, and shows what the engine computes', async () => {
    const { page } = tab;
    await gotoPage(page, '/');
    await tabUntil(page, isButton('Start Free Assessment 3 min'), 'the start button');
    await page.keyboard.press('Enter');
    // The emergency check first, answered 'None of these' with the keyboard.
    await waitForEmergencyCheck(page);
    await checkByKeyboard(page, 'None of these');
    await tabUntil(page, isButton('Continue'), 'Continue');
    await page.keyboard.press('Enter');
    await waitForStep(page, 1);
    expect(await focusInfo(page, 'h1')).toMatchObject({
      tag: 'h1',
      name: 'Pain Location & Character',
    });

    const [step1, , , step4, step5] = STEP_DEFINITIONS;
    const options = (index: number, step = step1) => {
      const question = step.questions[index];
      if (question.kind !== 'choice') throw new Error('not a choice question');
      return question.options;
    };
    await checkByKeyboard(page, 'Thumb');
    await checkByKeyboard(page, 'Index finger');
    await chooseRadioByKeyboard(page, 'Mild (1-3/10)', 'Moderate (4-6/10)', options(1));
    await chooseRadioByKeyboard(page, 'Sharp/Stabbing', 'Burning', options(2));
    await chooseRadioByKeyboard(page, 'Constant', 'At night', options(3));
    await tabUntil(page, isButton('Next'), 'Next');
    await page.keyboard.press('Enter');
    await waitForStep(page, 2);
    expect(await focusInfo(page, 'h1')).toMatchObject({ tag: 'h1', name: 'Associated Symptoms' });

    await checkByKeyboard(page, FLAG_LABELS.numbness);
    await checkByKeyboard(page, FLAG_LABELS.tingling);
    await checkByKeyboard(page, FLAG_LABELS.nightPain);
    await tabUntil(page, isButton('Next'), 'Next');
    await page.keyboard.press('Enter');
    await waitForStep(page, 3);

    await checkByKeyboard(page, FLAG_LABELS.gripDifficulty);
    await tabUntil(page, isButton('Next'), 'Next');
    await page.keyboard.press('Enter');
    await waitForStep(page, 4);

    await chooseRadioByKeyboard(page, 'Sudden onset', 'Gradual onset', options(0, step4));
    await chooseRadioByKeyboard(page, 'Less than 1 week', '1-3 months', options(1, step4));
    await tabUntil(page, isButton('Next'), 'Next');
    await page.keyboard.press('Enter');
    await waitForStep(page, 5);

    await chooseRadioByKeyboard(page, 'Under 18', '46-60', options(0, step5));
    await chooseRadioByKeyboard(
      page,
      'Office work/Computer use',
      'Office work/Computer use',
      options(1, step5),
    );
    await tabUntil(page, isButton('Next'), 'Next');
    await page.keyboard.press('Enter');
    await waitForStep(page, 6);

    await tabUntil(page, (focus) => focus.tag === 'textarea', 'the additional information field');
    await page.keyboard.type('Worse when typing at work');
    await tabUntil(page, isButton('Get Assessment'), 'Get Assessment');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\?view=results$/);
    await page.getByRole('heading', { level: 1, name: 'Assessment Results' }).waitFor();
    expect(await focusInfo(page, 'h1')).toMatchObject({ tag: 'h1', name: 'Assessment Results' });

    const answers: Answers = {
      ...emptyAnswers(),
      painLocation: ['Thumb', 'Index finger'],
      painIntensity: 'Moderate (4-6/10)',
      painType: 'Burning',
      painTiming: 'At night',
      numbness: true,
      tingling: true,
      nightPain: true,
      gripDifficulty: true,
      onsetType: 'Gradual onset',
      duration: '1-3 months',
      age: '46-60',
      occupation: 'Office work/Computer use',
      additionalInfo: 'Worse when typing at work',
    };
    const expected = expectedCards(answers);
    expect(expected.length).toBeGreaterThan(0);
    expect(await resultCards(page)).toEqual(expected);
    expect(tab.errors).toEqual([]);
  });

  it('shows every step title, question, option and button of the spec', async () => {
    const { page } = tab;
    await startChecker(page);
    for (const [index, step] of STEP_DEFINITIONS.entries()) {
      const number = index + 1;
      await waitForStep(page, number);
      expect(await stepText(page)).toBe(`Step ${number} of 6`);
      expect(await heading(page)).toBe(step.title);
      const progress = page.getByRole('progressbar', { name: 'Questionnaire progress' });
      expect(await progress.getAttribute('aria-valuenow')).toBe(
        String(Math.round((number / 6) * 100)),
      );
      for (const question of step.questions) {
        if (question.kind === 'text') {
          await page.getByLabel(question.label).waitFor();
          continue;
        }
        const group = page.getByRole('group', { name: question.legend });
        await group.waitFor();
        const labels =
          question.kind === 'flags'
            ? question.flags.map((flag) => FLAG_LABELS[flag])
            : question.options;
        const role = question.kind === 'choice' ? 'radio' : 'checkbox';
        for (const label of labels)
          await group.getByRole(role, { name: label, exact: true }).waitFor();
        expect(await group.getByRole(role).count()).toBe(labels.length);
      }
      const previous = page.getByRole('button', { name: 'Previous' });
      expect(await previous.isDisabled()).toBe(number === 1);
      const forward = number === 6 ? 'Get Assessment' : 'Next';
      expect(await page.getByRole('button', { name: forward, exact: true }).isVisible()).toBe(true);
      if (number < 6) await next(page);
    }

    const textarea = page.getByLabel(
      STEP_DEFINITIONS[5].questions[0].kind === 'text'
        ? STEP_DEFINITIONS[5].questions[0].label
        : '',
    );
    expect(await page.getByText('0/500').isVisible()).toBe(true);
    await textarea.fill('Hello');
    expect(await page.getByText('5/500').isVisible()).toBe(true);
    expect(await textarea.getAttribute('maxlength')).toBe('500');
    await textarea.fill('x'.repeat(600));
    expect((await textarea.inputValue()).length).toBe(500);
    expect(await page.getByText('500/500').isVisible()).toBe(true);
  });

  it('passes axe on every step and on the results, with no required answers', async () => {
    const { page } = tab;
    await startChecker(page);
    for (let number = 1; number <= 6; number += 1) {
      await waitForStep(page, number);
      expect({ step: number, violations: await axeViolations(page) }).toEqual({
        step: number,
        violations: [],
      });
      await next(page, number === 6 ? 'Get Assessment' : 'Next');
    }
    await page.waitForURL(/\?view=results$/);
    await page.getByRole('heading', { level: 1, name: 'Assessment Results' }).waitFor();
    // Nothing answered: no condition scores, so the page explains what to do instead of an empty list.
    await page.getByTestId('no-match').waitFor();
    expect(await page.getByTestId('result-card').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Specialist Referral' }).isVisible()).toBe(true);
    expect({ step: 'results', violations: await axeViolations(page) }).toEqual({
      step: 'results',
      violations: [],
    });
    expect(tab.errors).toEqual([]);
  });

  it('moves between steps with Back and Forward, and keeps answers over a reload', async () => {
    const { page } = tab;
    await startChecker(page);
    await locationBox(page, 'Wrist').check();
    await next(page);
    await page.getByRole('checkbox', { name: FLAG_LABELS.swelling }).check();
    await next(page);
    await waitForStep(page, 3);

    await page.goBack();
    await waitForStep(page, 2);
    expect(await heading(page)).toBe('Associated Symptoms');
    await page.goForward();
    await waitForStep(page, 3);
    expect(await heading(page)).toBe('Functional Impact');

    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    await waitForStep(page, 3);
    await page.getByRole('button', { name: 'Previous' }).click();
    await waitForStep(page, 2);
    expect(await page.getByRole('checkbox', { name: FLAG_LABELS.swelling }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await waitForStep(page, 1);
    expect(await locationBox(page, 'Wrist').isChecked()).toBe(true);
  });

  it('opens Learn More panels independently, prints cleanly and restarts to the landing view', async () => {
    const { page } = tab;
    await gotoPage(page, '/symptom-checker');
    await page.getByRole('button', { name: /Start Symptom Assessment/ }).click();
    await passEmergencyCheck(page);
    for (const location of ['Thumb', 'Wrist', 'Elbow']) await locationBox(page, location).check();
    await page.getByRole('radio', { name: 'Sharp/Stabbing' }).check();
    await next(page);
    for (const flag of ['swelling', 'stiffness', 'weakness'] as const)
      await page.getByRole('checkbox', { name: FLAG_LABELS[flag] }).check();
    for (let number = 2; number < 6; number += 1) {
      await next(page);
      // Each step's own heading first: every step has a 'Next', and a click on the step
      // still shown would go to the same step again.
      await waitForStep(page, number + 1);
    }
    await next(page, 'Get Assessment');
    await page.waitForURL(/\/symptom-checker\?view=results$/);
    await page.getByRole('heading', { level: 1, name: 'Assessment Results' }).waitFor();

    const toggles = page.getByRole('button', { name: 'Learn More' });
    expect(await toggles.count()).toBe(3);
    const expanded = async () =>
      Promise.all([0, 1, 2].map((index) => toggles.nth(index).getAttribute('aria-expanded')));
    expect(await expanded()).toEqual(['false', 'false', 'false']);
    await toggles.nth(0).click();
    await toggles.nth(2).click();
    expect(await expanded()).toEqual(['true', 'false', 'true']);
    await toggles.nth(0).click();
    expect(await expanded()).toEqual(['false', 'false', 'true']);

    const panel = page.locator(`#${await toggles.nth(2).getAttribute('aria-controls')}`);
    expect(await panel.isVisible()).toBe(true);
    const links = panel.getByRole('link');
    expect(await links.count()).toBeGreaterThan(0);
    for (const link of await links.all()) {
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await link.innerText()).toContain('(opens in a new tab)');
    }
    expect(await axeViolations(page)).toEqual([]);

    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('header').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Start New Assessment' }).isVisible()).toBe(
      false,
    );
    expect(await page.getByRole('heading', { name: 'Your answers' }).isVisible()).toBe(true);
    expect(await page.getByText('Thumb, Wrist, Elbow').isVisible()).toBe(true);
    expect(await page.getByText('Why this matched').first().isVisible()).toBe(true);
    expect(await page.getByText('Important medical disclaimer').isVisible()).toBe(true);
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages).toHaveLength(1);
    await page.emulateMedia({ media: 'screen' });

    await page.getByRole('button', { name: 'Start New Assessment' }).click();
    await page.waitForURL((url) => url.pathname === '/symptom-checker' && url.search === '');
    await page.getByRole('button', { name: /Start Symptom Assessment/ }).waitFor();
    await page.getByRole('button', { name: /Start Symptom Assessment/ }).click();
    await passEmergencyCheck(page);
    expect(await locationBox(page, 'Thumb').isChecked()).toBe(false);
    expect(tab.errors).toEqual([]);
  });

  it('prints the longest possible results on one page', async () => {
    const { page } = tab;
    await startChecker(page);
    for (let number = 1; number <= 6; number += 1) {
      // The list's checkboxes (step 1's hand diagram gives the same answers).
      for (const box of await page.locator('main input[type="checkbox"]').all()) await box.check();
      for (const group of await page.getByRole('radiogroup').all())
        await group.getByRole('radio').last().check();
      if (number === 1) await page.getByRole('radio', { name: 'Severe (7-10/10)' }).check();
      if (number === 4) await page.getByRole('radio', { name: 'After injury/trauma' }).check();
      if (number === 4) await page.getByRole('radio', { name: 'Less than 1 week' }).check();
      if (number === 6)
        await page
          .getByRole('textbox')
          .fill('Pain after a fall onto the outstretched hand while cycling. '.repeat(9));
      await next(page, number === 6 ? 'Get Assessment' : 'Next');
      if (number < 6) await waitForStep(page, number + 1);
    }
    await page.getByRole('heading', { level: 1, name: 'Assessment Results' }).waitFor();
    // Every sign of injury at once is an emergency: the care card comes first and interrupts.
    const care = page.locator('[role="alert"][data-care-level="emergency"]');
    expect(await care.innerText()).toContain(CARE_LEVELS.emergency.title);
    expect(await page.getByTestId('result-card').count()).toBe(3);
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).toHaveLength(1);
  });

  it('records the start, each completed step, the completion and the diagnosis', async () => {
    const { page, events } = tab;
    await startChecker(page);
    await locationBox(page, 'Palm').check();
    await next(page);
    await page.getByRole('checkbox', { name: FLAG_LABELS.deformity }).check();
    await page.getByRole('checkbox', { name: FLAG_LABELS.stiffness }).check();
    for (let number = 2; number < 6; number += 1) {
      await next(page);
      // Each step's own heading first: every step has a 'Next', and a click on the step
      // still shown would go to the same step again.
      await waitForStep(page, number + 1);
    }
    await next(page, 'Get Assessment');
    await page.waitForURL(/\?view=results$/);
    const top = (await resultCards(page))[0];

    const deadline = Date.now() + 10_000;
    while (!events.some((event) => event.type === 'diagnosis_received') && Date.now() < deadline)
      await page.waitForTimeout(250);

    const types = events.map((event) => event.type);
    expect(types).toContain('page_view');
    expect(types).toContain('symptom_checker_started');
    const steps = events
      .filter((event) => event.type === 'symptom_checker_step_completed')
      .map((event) => event.stepNumber);
    expect(steps).toEqual([1, 2, 3, 4, 5, 6]);
    expect(types).toContain('symptom_checker_completed');
    const completion = events.find((event) => event.type === 'checker_completion');
    expect(completion).toMatchObject({
      topCondition: top.condition,
      conditionConfidence: Number.parseInt(top.confidence, 10),
      totalSymptomsReported: 3,
    });
    const diagnosis = events.find((event) => event.type === 'diagnosis_received');
    expect(diagnosis).toMatchObject({
      topCondition: top.condition,
      diagnosisConfidence: Number.parseInt(top.confidence, 10),
    });
    // Everything the browser sent passes the gateway's own validation.
    for (const batch of tab.batches) expect(parseEventBatch(batch)).toMatchObject({ ok: true });
  });
});
