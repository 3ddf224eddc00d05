/*
 * A visitor's steps: '<' and '>' typed in step 6 (and in the form) are text, not markup.
 * The referral is answered "sent" only when it is mailed, and both mails carry the text.
 * Real Chromium, gateway, Kafka, referral service and Mailpit of the test profile.
 */
import type { Page } from 'playwright-core';
import { eventually } from '@handcheck/server-kit/testing';
import { FLAG_LABELS } from '../src/features/questionnaire/stepDefinitions';
import { E2E_TIMEOUT_MS, axeViolations } from '../../tests/support/browser/browser';
import { browserForTests } from '../../tests/support/browser/hooks';
import { MAIL_DELIVERY_MS, mailMessage, mailsTo } from '../../tests/support/browser/mailpit';
import { getAssessment, nextToStep, startChecker } from '../../tests/support/browser/checker';

jest.setTimeout(E2E_TIMEOUT_MS);

const NOTE =
  'Ring finger locks each morning -> have to pull it straight. Pain for < 2 weeks, worse when grip > 5 kg';

/** The supervisor-run referral service's inbox (REFERRAL_INBOX unset outside production). */
const INBOX = process.env.E2E_REFERRAL_INBOX ?? 'referrals@handcheck.local';

async function toResultsWithNote(page: Page, note: string) {
  await startChecker(page, '/symptom-checker');
  await page
    .getByRole('group', { name: 'Where do you feel pain or other symptoms?' })
    .getByRole('checkbox', { name: 'Ring finger', exact: true })
    .check();
  await nextToStep(page, 2);
  await page.getByRole('checkbox', { name: FLAG_LABELS.triggerFinger }).check();
  await nextToStep(page, 6, 2);
  await page.getByRole('textbox').fill(note);
  await getAssessment(page);
}

describe('a referral whose text holds < and >', () => {
  const browser = browserForTests();

  it('is answered sent only because it is mailed, with the text as typed', async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await toResultsWithNote(page, NOTE);
      await page.getByRole('button', { name: 'Request Specialist Referral' }).click();
      const tag = Date.now().toString(36);
      const patient = `e2e-lt-${tag}@example.test`;
      await page
        .getByRole('textbox', { name: 'Name (optional)' })
        .fill(`Zoë O'Neill <b>👋</b> ${tag}`);
      await page.getByRole('textbox', { name: 'Email' }).fill(patient);
      await page.getByRole('textbox', { name: 'Location' }).fill('Leeds <-> York & "Harrogate"');
      await page.getByRole('button', { name: 'Send Referral Request' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Referral sent successfully!' })
        .waitFor({ timeout: 20_000 });
      expect(await axeViolations(page)).toEqual([]);

      const [mail] = await eventually(
        async () => {
          const mails = await mailsTo(patient);
          return mails.length > 0 ? mails : undefined;
        },
        MAIL_DELIVERY_MS,
        250,
      );
      const { Text, HTML } = await mailMessage(mail!.ID);
      expect(Text).toContain(`Hello Zoë O'Neill 👋 ${tag},`);
      expect(Text).toContain('Location: Leeds <-> York & "Harrogate"');
      expect(HTML).toContain('Leeds &lt;-&gt; York &amp; &quot;Harrogate&quot;');

      const specialist = await eventually(
        async () => (await mailsTo(INBOX)).find((inboxMail) => inboxMail.Subject.includes(tag)),
        MAIL_DELIVERY_MS,
        250,
      );
      const forSpecialist = await mailMessage(specialist.ID);
      expect(forSpecialist.Text).toContain(`  ${NOTE}`);
      expect(forSpecialist.HTML).toContain(
        'Ring finger locks each morning -&gt; have to pull it straight. Pain for &lt; 2 weeks',
      );
    } finally {
      await context.close();
    }
  });
});
