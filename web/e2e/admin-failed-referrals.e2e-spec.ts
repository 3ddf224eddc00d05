import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { testInfra, uniqueName } from '@handcheck/server-kit/testing';
import { mailsTo, waitForMails } from '../../tests/support/referrals';
import { E2E_TIMEOUT_MS, axeViolations } from '../../tests/support/browser/browser';
import { adminAndBrowserForTests, signInAsAdmin } from '../../tests/support/browser/admin';
import { tabForEachTest } from '../../tests/support/browser/hooks';
import { focusInfo, tabUntil } from '../../tests/support/browser/keyboard';

jest.setTimeout(E2E_TIMEOUT_MS);

// The dashboard's "Referrals Not Sent" card against the test profile's stack. The failed
// referral is written to the stack's MongoDB as the referral service leaves one whose mail
// the relay refused (the referral with status `failed`, and its dead-letter record); the
// stack's referral service then sends it for real, to Mailpit, when Retry is pressed.

const EMAIL = `${uniqueName('e2e-admin')}@example.com`;
const PASSWORD = 'e2e admin password';

/** A referral the relay refused, as the referral service keeps it. */
async function seedFailedReferral(id: string, patientEmail: string): Promise<void> {
  const connection = await mongoose.createConnection(testInfra().mongoUrl).asPromise();
  try {
    const now = new Date();
    const reason = 'Error: connect ECONNREFUSED 127.0.0.1:25';
    await connection.collection('referrals').insertOne({
      _id: id as never,
      id,
      status: 'failed',
      attempts: 1,
      last_error: reason,
      lease_until: null,
      requested_at: now,
      patient_name: 'Robin Example',
      patient_email: patientEmail,
      patient_location: 'Lisbon, Portugal',
      top_conditions: ['Trigger Finger'],
      key_symptoms: ['Pain in: Finger'],
      additional_info: null,
      specialist_sent_at: null,
      patient_sent_at: null,
      sent_at: null,
      failed_at: now,
      created_at: now,
      updated_at: now,
    });
    await connection.collection('referral_dead_letters').insertOne({
      _id: `referral:${id}` as never,
      kind: 'mail',
      referral_id: id,
      source: 'referrals.requested.v1/0/0',
      reason: `mail not sent after 1 attempt(s): ${reason}`,
      attempts: 1,
      failed_at: now,
      created_at: now,
    });
  } finally {
    await connection.close();
  }
}

const browser = adminAndBrowserForTests(EMAIL, PASSWORD);

describe('admin dashboard: referrals not sent', () => {
  const tab = tabForEachTest(browser);
  afterEach(() => {
    expect(tab.errors.filter((e) => !/status of 40[13]/.test(e))).toEqual([]);
  });

  it('lists a failed referral without personal data, and Retry (by keyboard) sends its mails once', async () => {
    const id = randomUUID();
    const patient = `${uniqueName('failed-patient')}@example.test`;
    await seedFailedReferral(id, patient);

    const { page } = tab;
    await signInAsAdmin(page, EMAIL, PASSWORD);

    const card = page.getByRole('region', { name: 'Referrals Not Sent' });
    const retry = card.getByRole('button', { name: `Retry referral ${id}` });
    await retry.waitFor();
    const row = retry.locator('xpath=ancestor::tr');
    expect(await row.textContent()).toContain('mail not sent after 1 attempt(s)');
    expect(await card.getByTestId('failed-referrals-total').textContent()).toMatch(
      /\d+ referrals? (was|were) not sent\./,
    );
    // What the admin is shown carries no patient's data.
    const cardText = (await card.textContent()) ?? '';
    for (const personal of [patient, 'Robin Example', 'Lisbon', 'Trigger Finger']) {
      expect(cardText).not.toContain(personal);
    }
    expect(await axeViolations(page)).toEqual([]);

    // Reached and pressed with the keyboard alone.
    await page.getByRole('button', { name: 'Send Test Report' }).focus();
    await tabUntil(
      page,
      (focus) => focus.tag === 'button' && focus.name === `Retry referral ${id}`,
      `the Retry button of ${id}`,
      200,
    );
    await page.keyboard.press('Enter');
    await card.getByText(`Referral ${id} was sent.`).waitFor();
    await retry.waitFor({ state: 'detached' });

    const mails = await waitForMails(patient, 1);
    expect(mails).toHaveLength(1);
    expect(await axeViolations(page)).toEqual([]);
    // The focus is not lost to <body> when the button goes: it is on what the retry did.
    expect((await focusInfo(page)).name).toBe(`Referral ${id} was sent.`);
    // Once: a second look later still finds one mail.
    await page.waitForTimeout(1500);
    expect(await mailsTo(patient)).toHaveLength(1);
  });
});
