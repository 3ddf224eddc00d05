import { confirmationDay, mailboxOf, recipientKey } from './confirmation-recipient';

describe('the recipient a confirmation is counted against', () => {
  it.each([
    ['Ann@Example.ORG', 'ann@example.org'],
    ['ann+referral@example.org', 'ann@example.org'],
    ['ann+a+b@example.org', 'ann@example.org'],
    // A local part that starts with "+" has no tag to drop.
    ['+ann@example.org', '+ann@example.org'],
    ['a.n.n@gmail.com', 'ann@gmail.com'],
    ['A.nn+x@GoogleMail.com', 'ann@gmail.com'],
    // Dots matter elsewhere.
    ['a.nn@example.org', 'a.nn@example.org'],
  ])('%s is the mailbox %s', (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox);
  });

  it('is keyed by a hash of the mailbox, not the address', () => {
    expect(recipientKey('Ann+x@Example.org')).toBe(recipientKey('ann@example.org'));
    expect(recipientKey('ann@example.org')).not.toBe(recipientKey('anna@example.org'));
    expect(recipientKey('ann@example.org')).toMatch(/^[\w-]{22}$/);
  });

  it('counts by the UTC day the referral was requested', () => {
    expect(confirmationDay(new Date('2026-03-01T23:59:59.999Z'))).toBe('2026-03-01');
    expect(confirmationDay(new Date('2026-03-02T00:00:00Z'))).toBe('2026-03-02');
  });
});
