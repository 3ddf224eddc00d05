import type { Page } from 'playwright-core';
import { emptyAnswers } from '@handcheck/diagnosis';
import { openResults } from './checker';

/*
 * What the referral browser specs share: the way to results with three matched conditions,
 * and the live regions a referral speaks through.
 */

export const uniqueId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** Results with three matched conditions and a routine care card, opened directly. */
export async function toResults(page: Page) {
  await openResults(page, {
    ...emptyAnswers(),
    painLocation: ['Thumb', 'Wrist', 'Elbow'],
    numbness: true,
    tingling: true,
    stiffness: true,
  });
}

export const status = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ });
export const alert = (page: Page) => page.getByRole('alert').filter({ hasText: /\S/ });
