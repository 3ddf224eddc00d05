import type { Page } from 'playwright-core';

/** The questionnaire's opening screen (before "Step 1 of 6"), as the visitor reads it. */
export const EMERGENCY_CHECK_HEADING = 'Is this an emergency?';
export const EMERGENCY_ADVICE_HEADING = 'Get help now: this may be an emergency';
/** The check's fieldset, named by its legend. */
export const EMERGENCY_CHECK_LEGEND = 'Is any of these happening to you now or today?';
export const NONE_OF_THESE = 'None of these';
/** The words of the choice beside each sign. */
export const NOT_SURE = "I'm not sure";

/** The accessible name of the "I'm not sure" beside a sign: its own words, then the sign's. */
export const notSureName = (signLabel: string): string => `${NOT_SURE}: ${signLabel}`;

/** Waits for the emergency check that every start opens with. */
export async function waitForEmergencyCheck(page: Page): Promise<void> {
  await page.waitForURL(/\?view=emergency-check$/);
  await page
    .getByRole('heading', { level: 1, name: EMERGENCY_CHECK_HEADING, exact: true })
    .waitFor();
}

/** Answers the emergency check with "None of these" and waits for step 1. */
export async function passEmergencyCheck(page: Page): Promise<void> {
  await waitForEmergencyCheck(page);
  await page.getByRole('checkbox', { name: NONE_OF_THESE, exact: true }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.waitForURL(/\?step=1$/);
  await page.getByRole('heading', { level: 1, name: 'Pain Location & Character' }).waitFor();
}
