import type { Page } from 'playwright-core';

/** The questionnaire's opening screen (before "Step 1 of 6"), as the visitor reads it. */
export const EMERGENCY_CHECK_HEADING = 'Is this an emergency?';
export const EMERGENCY_ADVICE_HEADING = 'Get help now: this may be an emergency';

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
  await page.getByRole('checkbox', { name: 'None of these', exact: true }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.waitForURL(/\?step=1$/);
  await page.getByRole('heading', { level: 1, name: 'Pain Location & Character' }).waitFor();
}
