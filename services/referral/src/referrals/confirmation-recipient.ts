import { createHash } from 'node:crypto';

/*
 * Who a patient's confirmation goes to, as the per-recipient limit counts it: one mailbox,
 * however its address is written. Counting two addresses of one mailbox apart would let
 * anyone multiply the limit by writing the victim's address another way; counting two
 * mailboxes together costs at most a confirmation (the referral itself always goes).
 */

/** Providers that ignore the dots of an address's local part (and its other domain). */
const DOTLESS: Readonly<Record<string, string>> = {
  'gmail.com': 'gmail.com',
  'googlemail.com': 'gmail.com',
};

/**
 * The mailbox an address reaches: lower-cased (no provider tells mailboxes apart by case),
 * without a `+tag` (sub-addressing: Gmail, Outlook, iCloud, Fastmail, Proton and most
 * others deliver `ann+x@` to `ann@`), and for Gmail without the dots of the local part.
 */
export function mailboxOf(address: string): string {
  const at = address.lastIndexOf('@');
  let local = address.slice(0, at).toLowerCase();
  let domain = address.slice(at + 1).toLowerCase();
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS[domain];
  if (dotless !== undefined) {
    local = local.replaceAll('.', '');
    domain = dotless;
  }
  return `${local}@${domain}`;
}

/**
 * The recipient's key: a SHA-256 of its mailbox, so the counters never hold an address. Not
 * keyed with a secret: the same database holds the referral, address included, for the
 * retention period, so a secret would hide nothing the database does not already show.
 */
export function recipientKey(address: string): string {
  return createHash('sha256').update(mailboxOf(address)).digest('base64url').slice(0, 22);
}

/** The day a referral counts in: the UTC date it was requested, e.g. 2026-03-01. */
export function confirmationDay(requestedAt: Date): string {
  return requestedAt.toISOString().slice(0, 10);
}
