import type { Page } from 'playwright-core';
import { createKafka, eventually, testInfra } from '@handcheck/server-kit/testing';
import { FLAG_LABELS } from '../../../web/src/features/questionnaire/stepDefinitions';
import { finishToResults, nextToStep, startChecker } from './checker';

/*
 * What the referral browser specs share: the way to results with three matched conditions,
 * the live regions a referral speaks through, and the wait for the referral service after a
 * Kafka restart (the faults project's spec restarts Kafka; the others only read).
 */

export const uniqueId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** Through the questionnaire to results with three matched conditions. */
export async function toResults(page: Page) {
  await startChecker(page, '/symptom-checker');
  for (const location of ['Thumb', 'Wrist', 'Elbow']) {
    await page
      .getByRole('group', { name: 'Where do you feel pain or other symptoms?' })
      .getByRole('checkbox', { name: location, exact: true })
      .check();
  }
  await nextToStep(page, 2);
  for (const flag of ['numbness', 'tingling', 'stiffness'] as const) {
    await page.getByRole('checkbox', { name: FLAG_LABELS[flag] }).check();
  }
  await finishToResults(page, 2);
}

/**
 * Waits until the supervised referral service holds its partitions again after Kafka's
 * restart, so the next spec's referral is mailed in its own wait, not this restart's: the
 * rejoin takes up to about 80 s, and longer on a busy machine.
 */
export async function referralServiceRejoined(): Promise<void> {
  const admin = createKafka({
    clientId: `e2e-${uniqueId()}`,
    brokers: [testInfra().kafkaBrokers],
  }).admin();
  await admin.connect();
  try {
    await eventually(
      async () => {
        const { groups } = await admin.describeGroups(['referral']);
        const group = groups[0];
        return group?.state === 'Stable' && group.members.length > 0 ? true : undefined;
      },
      240_000,
      1000,
    );
  } finally {
    await admin.disconnect();
  }
}

export const status = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ });
export const alert = (page: Page) => page.getByRole('alert').filter({ hasText: /\S/ });
