import { deadLetterTopic } from '@handcheck/contracts';
import { Logger } from '@nestjs/common';
import { getModelToken } from '@nestjs/mongoose';
import { randomUUID } from 'node:crypto';
import mongoose, { type Model } from 'mongoose';
import {
  ConfigResourceTypes,
  type Kafka,
  eventually,
  uniqueName,
} from '@handcheck/server-kit/testing';
import { type Running, freePort, startGateway, startReferral } from '../../support/apps';
import {
  mailsTo,
  mongoUrl,
  patientAddress,
  publish,
  referralMessage,
  referralTopic,
  testKafka,
  waitForMails,
} from '../../support/referrals';
import { type DeadLetter as DeadLetterMessage, readDeadLetters } from '../../support/dead-letters';
import { type GatewayEnv } from '../../../services/gateway/src/config/gateway.env';
import { AdminUsersRepository } from '../../../services/gateway/src/auth/admin-users.repository';
import {
  AdminUser,
  AdminUserSchema,
} from '../../../services/gateway/src/auth/schemas/admin-user.schema';
import { type ReferralEnv } from '../../../services/referral/src/config/referral.env';
import { Referral } from '../../../services/referral/src/referrals/referral.schema';
import { ReferralsRepository } from '../../../services/referral/src/referrals/referrals.repository';
import { type DeadLetter } from '../../../services/referral/src/referrals/dead-letter.schema';
import { DeadLettersRepository } from '../../../services/referral/src/referrals/dead-letters.repository';
import { ReferralPurge } from '../../../services/referral/src/referrals/referral-purge';

jest.setTimeout(180_000);

const DAY_MS = 24 * 60 * 60 * 1000;

async function retentionMs(kafka: Kafka, topic: string): Promise<string | undefined> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const described = await admin.describeConfigs({
      includeSynonyms: false,
      resources: [{ type: ConfigResourceTypes.TOPIC, name: topic, configNames: ['retention.ms'] }],
    });
    return described.resources[0]?.configEntries.find((e) => e.configName === 'retention.ms')
      ?.configValue;
  } finally {
    await admin.disconnect();
  }
}

async function metric(running: Running<ReferralEnv>, series: string): Promise<number | undefined> {
  const text = await (await fetch(running.metricsUrl)).text();
  const line = text.split('\n').find((l) => l.startsWith(series));
  return line === undefined ? undefined : Number(line.split(' ').pop());
}

/** Log lines (Nest's Logger, which pino writes) whose first argument is an object, by level. */
function logged(spy: jest.SpyInstance): Array<Record<string, unknown>> {
  return spy.mock.calls
    .map((call: unknown[]) => call[0])
    .filter(
      (first): first is Record<string, unknown> => typeof first === 'object' && first !== null,
    );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const MAIL_DEAD_LETTERS = 'referral_dead_letters_total{reason="mail"';
const INVALID_DEAD_LETTERS = 'referral_dead_letters_total{reason="invalid"';
const KEPT_DEAD_LETTERS = 'referral_dead_letters_kept{';
const POISON = Buffer.from('not a referral at all \xff\xfe pat@example.test');

interface FailedList {
  total: number;
  failed: Array<{
    key: string;
    referralId: string | null;
    kind: string;
    reason: string;
    failedAt: string;
    attempts: number;
  }>;
}

describe('referral dead letters never vanish', () => {
  let kafka: Kafka;
  let topic: string;
  let failing: Running<ReferralEnv>;
  /** Shares the failing one's MongoDB, with a relay that works: what the gateway asks to retry. */
  let working: Running<ReferralEnv> & { grpcAddress: string };
  let gateway: Running<GatewayEnv>;
  let token: string;
  const database = uniqueName('referral_dead');
  const inbox = `${uniqueName('inbox')}@handcheck.test`;
  /** The referral whose mail the relay refused (beforeAll). */
  let failedId: string;
  let failedAddress: string;
  /** The unreadable message's dead letter, on the topic and as kept (beforeAll). */
  let poisonLetter: DeadLetterMessage;
  let poison: DeadLetter;
  /**
   * The metrics right after each dead letter of beforeAll: the retry test fails a referral
   * of its own and the purge test keeps and deletes some, so they change later.
   */
  let afterFailure: { mail?: number; kept?: number };
  let afterPoison: { invalid?: number; kept?: number };
  let errors: jest.SpyInstance;

  /** Publishes a referral the failing service cannot mail, once it is stored failed. */
  async function failReferral(): Promise<{ id: string; address: string }> {
    const id = randomUUID();
    const address = patientAddress();
    await publish(kafka, topic, [{ key: id, value: referralMessage(address, id) }]);
    const repository = failing.app.get(ReferralsRepository, { strict: false });
    await eventually(
      async () => ((await repository.find(id))?.status === 'failed' ? true : undefined),
      60_000,
      250,
    );
    return { id, address };
  }

  beforeAll(async () => {
    kafka = testKafka();
    // Made before the service starts, with the broker's default retention (as an existing topic is).
    topic = await referralTopic(kafka);
    errors = jest.spyOn(Logger.prototype, 'error');
    failing = await startReferral({
      REFERRAL_TOPIC: topic,
      REFERRAL_CONSUMER_GROUP: uniqueName('referral-dead'),
      REFERRAL_INBOX: inbox,
      MONGO_URL: mongoUrl(database),
      // A relay that refuses every connection (nothing listens there): each mail fails at once.
      SMTP_PORT: String(await freePort()),
      REFERRAL_MAX_ATTEMPTS: '1',
      REFERRAL_RETENTION_DAYS: '3',
    });
    working = await startReferral({
      REFERRAL_TOPIC: uniqueName('referrals.requested.v1.test'),
      REFERRAL_CONSUMER_GROUP: uniqueName('referral-dead-retry'),
      REFERRAL_INBOX: inbox,
      MONGO_URL: mongoUrl(database),
    });
    // A real admin, signed in as the dashboard does.
    const adminDatabase = mongoUrl(uniqueName('hc_admin_dead'));
    const connection = await mongoose.createConnection(adminDatabase).asPromise();
    const email = `${uniqueName('admin')}@example.com`;
    const password = 'correct horse battery staple 42';
    try {
      const users = connection.model(AdminUser.name, AdminUserSchema);
      await users.init();
      await new AdminUsersRepository(users).create(email, password);
    } finally {
      await connection.close();
    }
    gateway = await startGateway({
      MONGO_URL: adminDatabase,
      REFERRAL_GRPC_URL: working.grpcAddress,
      JWT_SECRET: 'referral-dead-letters-test-secret-of-32-bytes!',
    });
    const login = await eventually(
      async () => {
        const response = await fetch(`${gateway.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-handcheck-auth': '1' },
          body: JSON.stringify({ email, password }),
        });
        return response.status === 200 ? response : undefined;
      },
      30_000,
      500,
    );
    token = ((await login.json()) as { accessToken: string }).accessToken;

    // Both dead letters the tests look at, made before any of them runs.
    ({ id: failedId, address: failedAddress } = await failReferral());
    afterFailure = {
      mail: await metric(failing, MAIL_DEAD_LETTERS),
      kept: await metric(failing, KEPT_DEAD_LETTERS),
    };

    await publish(kafka, topic, [{ key: 'poison', value: POISON }]);
    const [letter] = (await readDeadLetters(kafka, deadLetterTopic(topic), 2)).filter((d) =>
      d.value?.equals(POISON),
    );
    if (!letter) throw new Error('The poison message was not dead-lettered.');
    poisonLetter = letter;
    const deadLetters = failing.app.get(DeadLettersRepository, { strict: false });
    poison = await eventually(
      async () => (await deadLetters.latest(10)).find((d) => d.kind === 'unreadable'),
      30_000,
      250,
    );
    afterPoison = {
      invalid: await metric(failing, INVALID_DEAD_LETTERS),
      kept: await metric(failing, KEPT_DEAD_LETTERS),
    };
  });

  afterAll(async () => {
    errors?.mockRestore();
    await gateway?.close();
    await working?.close();
    await failing?.close();
  });

  const admin = (path: string, method = 'GET', bearer: string | null = token) =>
    fetch(`${gateway.url}/api/admin/referrals${path}`, {
      method,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    });
  const failedList = async () => (await (await admin('/failed')).json()) as FailedList;

  it('a referral the relay refuses is counted on /metrics, logged with its id, and kept failed with its reason', async () => {
    const stored = await failing.app.get(ReferralsRepository, { strict: false }).find(failedId);
    expect(stored?.last_error).toBeTruthy();
    expect(stored?.last_error).not.toContain(failedAddress);

    const kept = await failing.app.get(DeadLettersRepository, { strict: false }).latest(10);
    expect(kept).toContainEqual(
      expect.objectContaining({
        _id: `referral:${failedId}`,
        kind: 'mail',
        referral_id: failedId,
        reason: expect.stringMatching(/^mail not sent after 1 attempt\(s\): /),
      }),
    );
    expect(JSON.stringify(kept)).not.toContain(failedAddress);

    expect(logged(errors)).toContainEqual(expect.objectContaining({ referralId: failedId }));
    expect(afterFailure.mail).toBe(1);
    expect(afterFailure.kept).toBeGreaterThanOrEqual(1);
  });

  it('poison bytes are kept by where they were (topic/partition/offset), with the reason and nothing else, logged and counted', async () => {
    const offset = poisonLetter.headers['source-offset'];
    expect(poison._id).toMatch(
      new RegExp(`^message:${topic.replace(/\./g, '\\.')}/\\d+/${offset}$`),
    );
    expect(poison).toMatchObject({
      referral_id: null,
      reason: expect.stringMatching(/^not a ReferralRequested message/),
    });
    // The message itself (and the address in it) is not kept.
    expect(JSON.stringify(poison)).not.toContain('example.test');

    expect(logged(errors)).toContainEqual(
      expect.objectContaining({ deadLetter: poison._id, referralId: null }),
    );
    expect(afterPoison.invalid).toBe(1);
    expect(afterPoison.kept).toBe(2);
  });

  it('the dead-letter topic keeps nothing longer than REFERRAL_RETENTION_DAYS: corrected on an existing topic at start, set on a new one', async () => {
    expect(await retentionMs(kafka, deadLetterTopic(topic))).toBe(String(3 * DAY_MS));

    // A topic the service creates itself.
    const fresh = uniqueName('referrals.requested.v1.test');
    const second = await startReferral({
      REFERRAL_TOPIC: fresh,
      REFERRAL_CONSUMER_GROUP: uniqueName('referral-dead-fresh'),
      MONGO_URL: mongoUrl(uniqueName('referral_dead_fresh')),
      REFERRAL_RETENTION_DAYS: '2',
    });
    try {
      expect(await retentionMs(kafka, deadLetterTopic(fresh))).toBe(String(2 * DAY_MS));
    } finally {
      await second.close();
    }
  });

  it('the admin sees how many failed and the newest, with no personal data, and only when signed in', async () => {
    expect((await admin('/failed', 'GET', null)).status).toBe(401);
    const response = await admin('/failed');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    const body = JSON.parse(text) as FailedList;
    expect(body.total).toBe(2);
    expect(body.failed).toHaveLength(2);
    expect(body.failed).toContainEqual({
      key: failedId,
      referralId: failedId,
      kind: 'mail',
      reason: expect.stringMatching(/^mail not sent after 1 attempt\(s\): /),
      failedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      attempts: 1,
    });
    expect(body.failed).toContainEqual(
      expect.objectContaining({ kind: 'unreadable', referralId: null, attempts: 0 }),
    );
    // Neither the patient's address nor the location (Boston) nor the symptoms.
    expect(text).not.toContain(failedAddress);
    expect(text).not.toContain('Boston');
    expect(text).not.toContain('Elbow');
  });

  it('retrying sends both mails once; retrying again sends nothing; it is no longer listed', async () => {
    // A failed referral of its own: the other tests still see the one of beforeAll.
    const { id, address } = await failReferral();
    expect((await failedList()).failed.map((f) => f.key)).toContain(id);

    expect((await admin(`/${id}/retry`, 'POST', null)).status).toBe(401);
    const first = await admin(`/${id}/retry`, 'POST');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, outcome: 'sent', error: null });
    await waitForMails(address, 1);
    const again = await admin(`/${id}/retry`, 'POST');
    expect(await again.json()).toEqual({ success: true, outcome: 'already_sent', error: null });
    // Anything sent twice would have arrived by now.
    await sleep(1500);
    expect(await mailsTo(address)).toHaveLength(1);
    expect((await mailsTo(inbox)).filter((m) => m.MessageID.includes(id))).toHaveLength(1);
    const stored = await working.app.get(ReferralsRepository, { strict: false }).find(id);
    expect(stored?.status).toBe('sent');

    const listed = await failedList();
    expect(listed.total).toBe(2);
    expect(listed.failed.map((f) => f.key).sort()).toEqual([failedId, poison.source].sort());
  });

  it('a retry of an id no failed referral has is 404, of a non-UUID 400', async () => {
    expect((await admin(`/${randomUUID()}/retry`, 'POST')).status).toBe(404);
    expect((await admin('/not-a-uuid/retry', 'POST')).status).toBe(400);
  });

  it('the hourly purge deletes dead letters past REFERRAL_RETENTION_DAYS with their referrals', async () => {
    const deadLetters = failing.app.get(DeadLettersRepository, { strict: false });
    const referrals = failing.app.get(ReferralsRepository, { strict: false });
    const model = failing.app.get<Model<Referral>>(getModelToken(Referral.name), {
      strict: false,
    });
    // Failed referrals of its own, one past the 3 days of retention and one within them: the
    // purge runs at the real time, so it leaves alone what the other tests made.
    const old = { id: randomUUID(), at: new Date(Date.now() - 4 * DAY_MS) };
    const recent = { id: randomUUID(), at: new Date(Date.now() - 2 * DAY_MS) };
    try {
      for (const { id, at } of [old, recent]) {
        await model.db.collection<Referral>(model.collection.name).insertOne({
          _id: id,
          id,
          status: 'failed',
          attempts: 1,
          last_error: 'refused',
          lease_owner: null,
          lease_until: null,
          requested_at: at,
          patient_name: null,
          patient_email: patientAddress(),
          patient_location: 'Boston, US',
          top_conditions: ['Tennis Elbow (Lateral Epicondylitis)'],
          key_symptoms: ['Pain in: Elbow'],
          additional_info: null,
          specialist_sent_at: null,
          patient_sent_at: null,
          sent_at: null,
          failed_at: at,
          created_at: at,
          updated_at: at,
        });
        await deadLetters.record(
          {
            kind: 'mail',
            referralId: id,
            source: `${topic}/0/0`,
            reason: 'mail not sent after 1 attempt(s): refused',
            attempts: 1,
          },
          at,
        );
      }
      const before = await deadLetters.count();
      expect(before).toBeGreaterThanOrEqual(4);

      const purge = failing.app.get(ReferralPurge, { strict: false });
      expect(await purge.purge()).toBe(1);
      expect(await deadLetters.count()).toBe(before - 1);
      const keys = (await deadLetters.latest(100)).map((d) => d._id);
      expect(keys).not.toContain(`referral:${old.id}`);
      expect(await referrals.find(old.id)).toBeNull();
      expect(keys).toEqual(
        expect.arrayContaining([`referral:${recent.id}`, `referral:${failedId}`, poison._id]),
      );
      for (const id of [recent.id, failedId]) expect(await referrals.find(id)).not.toBeNull();
    } finally {
      // What is left of its own goes, so that the admin's list holds beforeAll's two alone.
      for (const { id } of [old, recent]) {
        await deadLetters.resolveReferral(id);
        await model.deleteOne({ _id: id });
      }
    }
  });
});
