import { Logger } from '@nestjs/common';
import { ReferralRequestedSchema, fromJson, toBinary } from '@handcheck/contracts';
import {
  type ConsumedMessage,
  type ConsumerContext,
  DeadLetterPublisher,
  type KafkaService,
  type Mailer,
  type Metrics,
} from '@handcheck/server-kit';
import { type ReferralEnv } from '../config/referral.env';
import { ConfirmationLimit, type ConfirmationSlots } from './confirmation-limit';
import { ReferralConsumer } from './referral-consumer';
import { ReferralDeadLetters } from './referral-dead-letters';
import { ReferralMailing } from './referral-mailing';
import { type ReferralRequest } from './referral-message';
import { type Referral } from './referral.schema';
import { type MailKind, type ReferralsRepository, sentField } from './referrals.repository';
import {
  type DeadLetterEntry,
  type DeadLettersRepository,
  deadLetterKey,
} from './dead-letters.repository';

const ID = '3f2b8c9e-1d4a-4b6c-9e2f-0a1b2c3d4e5f';

function message(
  id = ID,
  offset = '0',
  { email = 'pat@example.org', at = new Date('2026-01-02T03:04:05Z') } = {},
): ConsumedMessage {
  const value = toBinary(
    ReferralRequestedSchema,
    fromJson(ReferralRequestedSchema, {
      id,
      requested_at: at.toISOString(),
      patient_email: email,
      patient_location: 'Leeds',
      top_conditions: ['Trigger Finger'],
      key_symptoms: ['Stiffness'],
    }),
  );
  return { key: Buffer.from(id), value: Buffer.from(value), offset, headers: {} };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const context: ConsumerContext = {
  topic: 'referrals',
  partition: 0,
  heartbeat: async () => undefined,
  isActive: () => true,
};

/** The repository's contract in memory: one write per call, the inserts and the claim atomic. */
class MemoryReferrals {
  readonly stored = new Map<string, Referral>();
  /** Mail marks (referral_mails), by `<id>:<kind>`. */
  readonly marks = new Map<string, Date>();
  readonly calls: string[] = [];
  failMarks = false;

  async recordClaimed(request: ReferralRequest, leaseMs: number): Promise<Referral | null> {
    this.calls.push('recordClaimed');
    if (this.stored.has(request.id)) return null;
    const referral = {
      ...request,
      _id: request.id,
      status: 'sending',
      attempts: 1,
      last_error: null,
      lease_until: new Date(Date.now() + leaseMs),
      specialist_sent_at: null,
      patient_sent_at: null,
      sent_at: null,
      failed_at: null,
    } as Referral;
    this.stored.set(request.id, referral);
    return { ...referral };
  }

  async find(id: string): Promise<Referral | null> {
    this.calls.push('find');
    const referral = this.stored.get(id);
    return referral ? { ...referral } : null;
  }

  async claim(stored: Referral, leaseMs: number): Promise<Referral | null> {
    this.calls.push('claim');
    const id = stored.id;
    const referral = this.stored.get(id);
    const now = new Date();
    if (
      !referral ||
      !(
        referral.status === 'received' ||
        (referral.status === 'sending' && referral.lease_until! < now)
      )
    ) {
      return null;
    }
    Object.assign(referral, {
      status: 'sending',
      lease_until: new Date(now.getTime() + leaseMs),
      attempts: referral.attempts + 1,
    });
    const claimed = { ...referral };
    for (const kind of ['specialist', 'patient'] as const) {
      claimed[sentField(kind)] ??= this.marks.get(`${id}:${kind}`) ?? null;
    }
    return claimed;
  }

  async markMailSent(referral: Referral, kind: MailKind, at: Date): Promise<void> {
    this.calls.push(`markMailSent ${kind}`);
    await sleep(5);
    if (this.failMarks) throw new Error('MongoDB is away');
    this.marks.set(`${referral.id}:${kind}`, at);
  }

  async markSent(referral: Referral, mails: Partial<Record<MailKind, Date>> = {}): Promise<void> {
    this.calls.push(`markSent ${Object.keys(mails).sort().join('+')}`);
    await sleep(5);
    if (this.failMarks) throw new Error('MongoDB is away');
    const stored = this.stored.get(referral.id)!;
    for (const [kind, at] of Object.entries(mails)) {
      Object.assign(stored, { [sentField(kind as MailKind)]: at });
    }
    Object.assign(stored, { status: 'sent', sent_at: new Date(), lease_until: null });
  }

  async release(referral: Referral, error: string): Promise<void> {
    this.calls.push('release');
    Object.assign(this.stored.get(referral.id)!, {
      status: 'received',
      lease_until: null,
      last_error: error,
    });
  }

  async markFailed(referral: Referral, error: string): Promise<void> {
    this.calls.push('markFailed');
    Object.assign(this.stored.get(referral.id)!, {
      status: 'failed',
      last_error: error,
      lease_until: null,
    });
  }

  async claimFailed(stored: Referral, leaseMs: number): Promise<Referral | null> {
    this.calls.push('claimFailed');
    const id = stored.id;
    const referral = this.stored.get(id);
    if (referral?.status !== 'failed') return null;
    Object.assign(referral, {
      status: 'sending',
      lease_until: new Date(Date.now() + leaseMs),
      attempts: referral.attempts + 1,
    });
    const claimed = { ...referral };
    for (const kind of ['specialist', 'patient'] as const) {
      claimed[sentField(kind)] ??= this.marks.get(`${id}:${kind}`) ?? null;
    }
    return claimed;
  }
}

/** Confirmation slots in memory: each taken by one insert, as in MongoDB. */
class MemorySlots implements ConfirmationSlots {
  readonly held = new Map<string, string>();

  async take(slot: string, referralId: string): Promise<boolean> {
    if (this.held.has(slot)) return false;
    this.held.set(slot, referralId);
    return true;
  }

  async holder(slot: string): Promise<string | null> {
    return this.held.get(slot) ?? null;
  }
}

/** The dead letters kept for the admin, in memory, by key. */
class MemoryDeadLetters {
  readonly kept = new Map<string, DeadLetterEntry>();

  async record(entry: DeadLetterEntry): Promise<string> {
    const key = deadLetterKey(entry);
    this.kept.set(key, { ...entry, source: this.kept.get(key)?.source ?? entry.source });
    return key;
  }

  async resolveReferral(id: string): Promise<void> {
    this.kept.delete(`referral:${id}`);
  }

  async count(): Promise<number> {
    return this.kept.size;
  }
}

interface Relay {
  /** Each send as it starts: the template and whether it has been answered yet. */
  sends: Array<{ template: string; done: boolean }>;
  answer: (template: string) => Promise<void>;
}

function setUp(answer: Relay['answer'] = async () => undefined) {
  const referrals = new MemoryReferrals();
  const kept = new MemoryDeadLetters();
  const relay: Relay = { sends: [], answer };
  const mailer = {
    render: (template: string) => ({ subject: template, html: '', text: '' }),
    send: async (mail: { template: string }) => {
      const send = { template: mail.template, done: false };
      relay.sends.push(send);
      try {
        await relay.answer(mail.template);
      } finally {
        send.done = true;
      }
      return { messageId: 'x' };
    },
  } as unknown as Mailer;
  const deadLetters: unknown[] = [];
  const producer = { send: async (...args: unknown[]) => void deadLetters.push(args) };
  const kafka = {
    deadLetterPublisher: (counter: never) => new DeadLetterPublisher(producer as never, counter),
  } as unknown as KafkaService;
  const outcomes: string[] = [];
  const metrics = {
    counter: ({ name }: { name: string }) => ({
      inc: (labels: { outcome?: string } = {}) => {
        if (name === 'referral_outcomes_total' && labels.outcome) outcomes.push(labels.outcome);
        if (name === 'referral_confirmations_withheld_total') outcomes.push('withheld');
      },
    }),
    gauge: () => ({}),
  } as unknown as Metrics;
  const env = {
    REFERRAL_TOPIC: 'referrals',
    REFERRAL_MAX_ATTEMPTS: 3,
    REFERRAL_RETRY_BASE_MS: 10,
    REFERRAL_RETENTION_DAYS: 90,
    REFERRAL_CONFIRMATIONS_PER_DAY: 3,
    referralInbox: 'inbox@handcheck.test',
  } as ReferralEnv;
  const records = new ReferralDeadLetters(kafka, kept as unknown as DeadLettersRepository, metrics);
  const repository = referrals as unknown as ReferralsRepository;
  const confirmations = new ConfirmationLimit(new MemorySlots(), env);
  const mailing = new ReferralMailing(mailer, repository, records, confirmations, env, metrics);
  const consumer = new ReferralConsumer(kafka, mailing, records, env);
  return { consumer, mailing, referrals, relay, outcomes, deadLetters, kept };
}

describe('ReferralConsumer and ReferralMailing', () => {
  // Its log lines are not what is tested here.
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose']));

  it('keeps a new referral claimed in one insert, sends both mails at once, marks the first on its own and the last with the referral sent', async () => {
    const { consumer, referrals, relay, outcomes } = setUp(async (template) => {
      // The patient's mail is accepted later than the specialist's.
      await sleep(template === 'referral-patient' ? 15 : 5);
    });
    const handled = consumer.handle(message(), context);
    await sleep(1);
    // Both are with the relay before either is answered.
    expect(relay.sends.map((send) => send.done)).toEqual([false, false]);
    await handled;
    expect(referrals.calls).toEqual([
      'recordClaimed',
      'markMailSent specialist',
      'markSent patient+specialist',
    ]);
    expect(referrals.stored.get(ID)).toMatchObject({
      status: 'sent',
      attempts: 1,
      specialist_sent_at: referrals.marks.get(`${ID}:specialist`),
      patient_sent_at: expect.any(Date),
    });
    expect(outcomes).toEqual(['sent']);
  });

  it('sends nothing for a redelivered referral that was sent', async () => {
    const { consumer, referrals, relay, outcomes } = setUp();
    await consumer.handle(message(), context);
    await consumer.handle(message(ID, '1'), context);
    expect(relay.sends).toHaveLength(2);
    expect(referrals.calls.slice(3)).toEqual(['recordClaimed', 'find']);
    expect(outcomes).toEqual(['sent', 'duplicate']);
  });

  it('handles two messages of one referral in hand at once one after the other: mailed once', async () => {
    const { consumer, relay, outcomes } = setUp(async () => {
      await sleep(10);
    });
    await Promise.all([
      consumer.handle(message(ID, '0'), context),
      consumer.handle(message(ID, '7'), context),
    ]);
    expect(relay.sends).toHaveLength(2);
    expect(outcomes.sort()).toEqual(['duplicate', 'sent']);
  });

  it('marks the mail the relay accepted, waits for the other, and retries only the refused one', async () => {
    let refusals = 1;
    const { consumer, referrals, relay, outcomes } = setUp(async (template) => {
      if (template === 'referral-patient') {
        await sleep(5);
        if (refusals-- > 0) throw new Error('421 try again later for pat@example.org');
      } else {
        await sleep(20);
      }
    });
    await consumer.handle(message(), context);
    expect(relay.sends.map((send) => send.template)).toEqual([
      'referral-specialist',
      'referral-patient',
      'referral-patient',
    ]);
    expect(referrals.calls).toEqual([
      'recordClaimed',
      // The specialist's mail was still on its way when the patient's was refused:
      // its mark is written before the claim is given back.
      'markMailSent specialist',
      'release',
      'find',
      'claim',
      'markSent patient+specialist',
    ]);
    expect(referrals.stored.get(ID)).toMatchObject({ status: 'sent', attempts: 2 });
    // The reason kept has no address in it.
    expect(referrals.stored.get(ID)!.last_error).toBe('421 try again later for <address>');
    expect(outcomes).toEqual(['sent']);
  });

  it('after a worker died with one mail marked, the next owner of the lease sends only the other', async () => {
    const { consumer, referrals, relay, outcomes } = setUp();
    await referrals.recordClaimed(
      {
        id: ID,
        requested_at: new Date(),
        patient_name: null,
        patient_email: 'pat@example.org',
        patient_location: 'Leeds',
        top_conditions: [],
        key_symptoms: [],
        additional_info: null,
      },
      -1, // its lease ran out
    );
    const patientSentAt = new Date('2026-01-02T03:04:06Z');
    referrals.marks.set(`${ID}:patient`, patientSentAt);
    await consumer.handle(message(), context);
    expect(relay.sends.map((send) => send.template)).toEqual(['referral-specialist']);
    expect(referrals.stored.get(ID)).toMatchObject({
      status: 'sent',
      attempts: 2,
      patient_sent_at: patientSentAt,
      specialist_sent_at: expect.any(Date),
    });
    expect(outcomes).toEqual(['sent']);
  });

  it('dead-letters a referral the relay refuses for good, and marks it failed', async () => {
    const { consumer, referrals, deadLetters, outcomes, kept } = setUp(async () => {
      throw Object.assign(new Error('550 no such user'), { responseCode: 550 });
    });
    await consumer.handle(message(), context);
    expect(deadLetters).toHaveLength(1);
    expect(referrals.stored.get(ID)).toMatchObject({ status: 'failed' });
    expect(outcomes).toEqual(['failed']);
    expect(kept.kept.get(`referral:${ID}`)).toEqual({
      kind: 'mail',
      referralId: ID,
      source: 'referrals/0/0',
      reason: 'mail not sent after 1 attempt(s): 550 no such user',
      attempts: 1,
    });
  });

  it('retries a failed referral once: sends only the mail not sent, then it is sent and no longer kept as failed; a second retry mails nothing', async () => {
    let refuse = true;
    const { consumer, mailing, referrals, relay, kept } = setUp(async (template) => {
      if (refuse && template === 'referral-patient') {
        throw Object.assign(new Error('550 no such user'), { responseCode: 550 });
      }
    });
    await consumer.handle(message(), context);
    expect(referrals.stored.get(ID)).toMatchObject({ status: 'failed' });
    expect(kept.kept.size).toBe(1);
    refuse = false;
    relay.sends.length = 0;
    expect(await mailing.retryFailed(ID)).toEqual({ outcome: 'sent' });
    expect(relay.sends.map((send) => send.template)).toEqual(['referral-patient']);
    expect(referrals.stored.get(ID)).toMatchObject({ status: 'sent' });
    expect(kept.kept.size).toBe(0);
    expect(await mailing.retryFailed(ID)).toEqual({ outcome: 'already_sent' });
    expect(relay.sends).toHaveLength(1);
    expect(await mailing.retryFailed('9f2b8c9e-1d4a-4b6c-9e2f-0a1b2c3d4e5f')).toEqual({
      outcome: 'not_found',
    });
  });

  it('a retry the relay refuses again leaves the referral failed, with the new reason kept', async () => {
    const { consumer, mailing, referrals, kept } = setUp(async () => {
      throw Object.assign(new Error('550 no such user'), { responseCode: 550 });
    });
    await consumer.handle(message(), context);
    const result = await mailing.retryFailed(ID);
    expect(result).toEqual({
      outcome: 'failed',
      reason: 'mail not sent after 2 attempt(s): 550 no such user',
    });
    expect(referrals.stored.get(ID)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(kept.kept.get(`referral:${ID}`)).toMatchObject({ attempts: 2, source: 'referrals/0/0' });
  });

  it('leaves the message for redelivery when a mark cannot be written, with the claim held', async () => {
    const { consumer, referrals } = setUp();
    referrals.failMarks = true;
    await expect(consumer.handle(message(), context)).rejects.toThrow('MongoDB is away');
    expect(referrals.calls).not.toContain('release');
    expect(referrals.stored.get(ID)).toMatchObject({ status: 'sending' });
  });

  it('dead-letters an unreadable message without touching the store', async () => {
    const { consumer, referrals, deadLetters, kept } = setUp();
    await consumer.handle(
      { ...message(), value: Buffer.from('not a referral \xff'), offset: '7' },
      context,
    );
    expect(deadLetters).toHaveLength(1);
    expect(referrals.calls).toEqual([]);
    // Kept for the admin by where it was: it has no referral id.
    expect([...kept.kept.keys()]).toEqual(['message:referrals/0/7']);
    expect(kept.kept.get('message:referrals/0/7')).toMatchObject({
      kind: 'unreadable',
      referralId: null,
    });
  });

  it('mails the specialist every referral, and one patient address at most 3 confirmations a day, whoever sent them', async () => {
    const { consumer, referrals, relay, outcomes } = setUp();
    const day = new Date('2026-03-01T09:00:00Z');
    // One mailbox, however its address is written.
    const addresses = [
      'victim@example.org',
      'Victim@Example.org',
      'victim+1@example.org',
      'VICTIM+again@example.org',
      'victim@example.org',
    ];
    const ids = addresses.map((_, i) => `3f2b8c9e-1d4a-4b6c-9e2f-0a1b2c3d4e${50 + i}`);
    for (const [i, email] of addresses.entries()) {
      await consumer.handle(message(ids[i], String(i), { email, at: day }), context);
    }
    const sends = relay.sends.map((send) => send.template);
    expect(sends.filter((template) => template === 'referral-specialist')).toHaveLength(5);
    expect(sends.filter((template) => template === 'referral-patient')).toHaveLength(3);
    // Every referral is sent: the specialist has it, and the answer was the same for all.
    for (const id of ids) expect(referrals.stored.get(id)).toMatchObject({ status: 'sent' });
    expect(referrals.stored.get(ids[3]!)).toMatchObject({
      specialist_sent_at: expect.any(Date),
      patient_sent_at: null,
    });
    expect(outcomes).toEqual(['sent', 'sent', 'sent', 'withheld', 'sent', 'withheld', 'sent']);

    // A redelivery of a withheld one sends nothing more; the next day's goes to the patient.
    relay.sends.length = 0;
    await consumer.handle(message(ids[4], '9', { email: addresses[4], at: day }), context);
    expect(relay.sends).toEqual([]);
    const nextDay = new Date('2026-03-02T00:00:00Z');
    await consumer.handle(
      message('3f2b8c9e-1d4a-4b6c-9e2f-0a1b2c3d4e60', '10', { email: addresses[0], at: nextDay }),
      context,
    );
    expect(relay.sends.map((send) => send.template).sort()).toEqual([
      'referral-patient',
      'referral-specialist',
    ]);
  });

  it('a retried referral counts its confirmation once: one that went keeps its slot, one withheld stays withheld', async () => {
    let specialistSends = 0;
    const { consumer, referrals, relay } = setUp(async (template) => {
      // The first and the fourth referral's specialist mails are refused once each.
      if (template === 'referral-specialist' && [1, 5].includes((specialistSends += 1))) {
        throw new Error('421 busy');
      }
    });
    const at = new Date('2026-03-01T09:00:00Z');
    const ids = [0, 1, 2, 3].map((i) => `3f2b8c9e-1d4a-4b6c-9e2f-0a1b2c3d4e${70 + i}`);
    for (const [i, id] of ids.entries()) {
      await consumer.handle(message(id, String(i), { at }), context);
    }
    const sends = relay.sends.map((send) => send.template);
    expect(sends.filter((template) => template === 'referral-specialist')).toHaveLength(6);
    expect(sends.filter((template) => template === 'referral-patient')).toHaveLength(3);
    expect(referrals.stored.get(ids[0]!)).toMatchObject({
      status: 'sent',
      attempts: 2,
      patient_sent_at: expect.any(Date),
    });
    expect(referrals.stored.get(ids[3]!)).toMatchObject({
      status: 'sent',
      attempts: 2,
      patient_sent_at: null,
    });
  });
});
