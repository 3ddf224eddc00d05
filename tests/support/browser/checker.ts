import type { Page } from 'playwright-core';
import { analyzeSymptoms, type Answers, type EmergencySignId } from '@handcheck/diagnosis';
import { STEP_DEFINITIONS } from '../../../web/src/features/questionnaire/stepDefinitions';
import {
  STORAGE_KEY,
  serialiseState,
} from '../../../web/src/features/questionnaire/savedQuestionnaire';
import { gotoPage } from './browser';
import { passEmergencyCheck } from './emergencyCheck';

/** The page a walk starts on, and the name of its start button. */
const START_BUTTONS = {
  '/': /Start Free Assessment/,
  '/symptom-checker': /Start Symptom Assessment/,
} as const;

/** Starts the checker with the mouse and passes the emergency check ("None of these"): on step 1. */
export async function startChecker(
  page: Page,
  from: keyof typeof START_BUTTONS = '/',
): Promise<void> {
  await gotoPage(page, from);
  await page.getByRole('button', { name: START_BUTTONS[from] }).click();
  await passEmergencyCheck(page);
}

/** Waits until step `number` is on screen (the URL changes a moment before React renders it). */
export async function waitForStep(page: Page, number: number): Promise<void> {
  await page.waitForURL(new RegExp(`\\?step=${number}$`));
  await page
    .getByRole('heading', { level: 1, name: STEP_DEFINITIONS[number - 1].title, exact: true })
    .waitFor();
}

/**
 * Presses Next from step `from` until step `to` is shown, waiting for each step's own heading
 * on the way: a click on the old step's Next would go to the same step again.
 */
export async function nextToStep(page: Page, to: number, from = 1): Promise<void> {
  for (let number = from; number < to; number += 1) {
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await waitForStep(page, number + 1);
  }
}

/** On step 6: Get Assessment, then waits for the results. */
export async function getAssessment(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Get Assessment', exact: true }).click();
  await page.waitForURL(/\?view=results$/);
  await page.getByRole('heading', { level: 1, name: 'Assessment Results' }).waitFor();
}

/** From step `from` (on screen) to the results, leaving every later step as it is. */
export async function finishToResults(page: Page, from = 1): Promise<void> {
  await nextToStep(page, 6, from);
  await getAssessment(page);
}

/**
 * Opens the results of `answers` directly, from the questionnaire's copy in sessionStorage as
 * the walk leaves it (the emergency check answered, "None of these" unless signs are given).
 * For specs that test the results rather than the way there: the walk itself is
 * questionnaire.e2e-spec.ts's, and the emergency check's is emergency-check.e2e-spec.ts's. The
 * copy is written once per tab, before the page's scripts run, so the app reads it as it
 * would after a reload; what the visitor then does replaces it as usual.
 */
export async function openResults(
  page: Page,
  answers: Answers,
  check: { signs?: EmergencySignId[]; unsure?: EmergencySignId[] } = {},
): Promise<void> {
  const saved = serialiseState({
    answers,
    step: 6,
    result: analyzeSymptoms(answers),
    emergencySigns: check.signs ?? [],
    emergencyUnsure: check.unsure ?? [],
  });
  const seeded = 'handcheck.e2e.seeded';
  // As text: this file is also type-checked without the DOM's types.
  await page.addInitScript(
    `if (!sessionStorage.getItem(${JSON.stringify(seeded)})) {
      sessionStorage.setItem(${JSON.stringify(seeded)}, '1');
      sessionStorage.setItem(${JSON.stringify(STORAGE_KEY)}, ${JSON.stringify(saved)});
    }`,
  );
  await gotoPage(page, '/symptom-checker?view=results');
  await page.getByRole('heading', { level: 1, name: 'Assessment Results' }).waitFor();
}
