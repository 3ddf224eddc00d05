import { ReferralEnv } from '../config/referral.env';
import { ConfirmationLimit, type ConfirmationSlots } from './confirmation-limit';

/** Slots in memory with MongoDB's guarantee: of two inserts of one `_id`, one wins. */
class MemorySlots implements ConfirmationSlots {
  readonly held = new Map<string, string>();

  async take(slot: string, referralId: string): Promise<boolean> {
    // A turn of the event loop, as a round trip to MongoDB: lets parallel callers interleave.
    await new Promise((resolve) => setImmediate(resolve));
    if (this.held.has(slot)) return false;
    this.held.set(slot, referralId);
    return true;
  }

  async holder(slot: string): Promise<string | null> {
    return this.held.get(slot) ?? null;
  }
}

const limitOf = (slots: ConfirmationSlots, perDay = 3) =>
  new ConfirmationLimit(
    slots,
    Object.assign(new ReferralEnv(), { REFERRAL_CONFIRMATIONS_PER_DAY: perDay }),
  );

let serial = 0;
/** A referral to `email` requested at `at` (the clock the limit reads). */
const referral = (email: string, at: string) => ({
  id: `referral-${(serial += 1)}`,
  patient_email: email,
  requested_at: new Date(at),
});

describe('ConfirmationLimit: a patient address gets at most its confirmations a day', () => {
  it('allows 3 on one UTC day, then none until the next day begins', async () => {
    const limit = limitOf(new MemorySlots());
    const allowed: boolean[] = [];
    for (const at of [
      '2026-03-01T00:00:00.000Z',
      '2026-03-01T08:00:00Z',
      '2026-03-01T12:00:00Z',
      '2026-03-01T12:00:01Z',
      '2026-03-01T23:59:59.999Z',
      '2026-03-02T00:00:00.000Z',
    ]) {
      allowed.push(await limit.allows(referral('victim@example.org', at)));
    }
    expect(allowed).toEqual([true, true, true, false, false, true]);
  });

  it('counts one mailbox however its address is written, and other mailboxes apart', async () => {
    const limit = limitOf(new MemorySlots());
    const at = '2026-03-01T10:00:00Z';
    const answers = [];
    for (const email of [
      'victim@gmail.com',
      'Victim@GMail.com',
      'v.i.c.t.i.m+claim@googlemail.com',
      'victim+2@gmail.com',
      'another@gmail.com',
      'victim@example.org',
    ]) {
      answers.push(await limit.allows(referral(email, at)));
    }
    expect(answers).toEqual([true, true, true, false, true, true]);
  });

  it('answers the same referral the same every time it asks (retries, redeliveries), counting it once', async () => {
    const slots = new MemorySlots();
    const limit = limitOf(slots);
    const at = '2026-03-01T10:00:00Z';
    const first = referral('pat@example.org', at);
    const others = [referral('pat@example.org', at), referral('pat@example.org', at)];
    const fourth = referral('pat@example.org', at);
    expect(await limit.allows(first)).toBe(true);
    for (const other of others) expect(await limit.allows(other)).toBe(true);
    expect(await limit.allows(fourth)).toBe(false);
    expect(await limit.allows(first)).toBe(true);
    expect(await limit.allows(others[1]!)).toBe(true);
    expect(await limit.allows(fourth)).toBe(false);
    expect(slots.held.size).toBe(3);
  });

  it('holds across replicas: many referrals to one address at once, through two limits sharing the store, get 3', async () => {
    const slots = new MemorySlots();
    const [one, two] = [limitOf(slots), limitOf(slots)];
    const at = '2026-03-01T10:00:00Z';
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? one : two).allows(referral('pat@example.org', at)),
      ),
    );
    expect(answers.filter(Boolean)).toHaveLength(3);
  });

  it('takes its number from REFERRAL_CONFIRMATIONS_PER_DAY', async () => {
    const limit = limitOf(new MemorySlots(), 1);
    const at = '2026-03-01T10:00:00Z';
    expect(await limit.allows(referral('pat@example.org', at))).toBe(true);
    expect(await limit.allows(referral('pat@example.org', at))).toBe(false);
  });

  it('keys the slots by a hash, never the address', async () => {
    const slots = new MemorySlots();
    await limitOf(slots).allows(referral('pat@example.org', '2026-03-01T10:00:00Z'));
    const [slot] = [...slots.held.keys()];
    expect(slot).toMatch(/^[\w-]{22}:2026-03-01:1$/);
    expect(slot).not.toContain('pat');
  });
});
