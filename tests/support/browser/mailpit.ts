import { testInfra } from '@handcheck/server-kit/testing';
import type { MailSummary } from '../referrals';

// The integration tests' Mailpit readers serve the browser tests as they are.
export {
  mailMessage,
  mailsTo,
  waitForMails,
  type MailMessage,
  type MailSummary,
} from '../referrals';

/**
 * How long a browser test waits for a referral's mail. The supervised referral service is a
 * Kafka consumer: when another test has just restarted the test engines (health.int-spec
 * does), it rejoins its group first, which took up to about 80 s here; the mail is then sent.
 */
export const MAIL_DELIVERY_MS = 120_000;

/** Mail Mailpit holds that matches a search (its syntax: `to:"…"`, `subject:"…"`). */
export async function searchMail(query: string): Promise<MailSummary[]> {
  const res = await fetch(
    `${testInfra().mailpitUrl}/api/v1/search?limit=50&query=${encodeURIComponent(query)}`,
  );
  if (!res.ok) throw new Error(`Mailpit answered ${res.status}`);
  return ((await res.json()) as { messages: MailSummary[] }).messages;
}
