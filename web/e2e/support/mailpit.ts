import { testInfra } from '@handcheck/server-kit/testing';
import type { MailSummary } from '../../../tests/support/referrals';

// The integration tests' Mailpit readers serve the browser tests as they are.
export {
  mailMessage,
  mailsTo,
  waitForMails,
  type MailMessage,
  type MailSummary,
} from '../../../tests/support/referrals';

/** Mail Mailpit holds that matches a search (its syntax: `to:"…"`, `subject:"…"`). */
export async function searchMail(query: string): Promise<MailSummary[]> {
  const res = await fetch(
    `${testInfra().mailpitUrl}/api/v1/search?limit=50&query=${encodeURIComponent(query)}`,
  );
  if (!res.ok) throw new Error(`Mailpit answered ${res.status}`);
  return ((await res.json()) as { messages: MailSummary[] }).messages;
}
