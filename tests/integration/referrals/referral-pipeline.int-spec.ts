import { deadLetterTopic } from '@handcheck/contracts';
import { randomUUID } from 'node:crypto';
import { getModelToken } from '@nestjs/mongoose';
import { type Model, Types } from 'mongoose';
import { type Kafka, eventually, uniqueName } from '@handcheck/server-kit/testing';
import { type Running, startGateway, startReferral } from '../../support/apps';
import {
  mailMessage,
  mailsTo,
  mongoUrl,
  patientAddress,
  postReferral,
  publish,
  referralBody,
  referralMessage,
  referralTopic,
  testKafka,
  waitForMails,
  waitUntilPublishing,
} from '../../support/referrals';
import { readDeadLetters } from '../../support/dead-letters';
import { startReferralPipeline } from '../../support/referral-pipeline';
import { type GatewayEnv } from '../../../services/gateway/src/config/gateway.env';
import { type ReferralEnv } from '../../../services/referral/src/config/referral.env';
import { ReferralPurge } from '../../../services/referral/src/referrals/referral-purge';
import { Referral, ReferralMail } from '../../../services/referral/src/referrals/referral.schema';
import { ReferralsRepository } from '../../../services/referral/src/referrals/referrals.repository';

jest.setTimeout(180_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the referral is marked sent, then a little more, and returns the mail counts. */
async function settledCounts(referral: Running<ReferralEnv>, id: string, addresses: string[]) {
  const repository = referral.app.get(ReferralsRepository, { strict: false });
  await eventually(
    async () => ((await repository.find(id))?.status === 'sent' ? true : undefined),
    30_000,
    200,
  );
  // Anything sent twice would have arrived by now.
  await sleep(1500);
  return Promise.all(addresses.map(async (address) => (await mailsTo(address)).length));
}

describe('referral: gateway → Kafka → referral service → both mails', () => {
  let kafka: Kafka;
  let topic: string;
  let referralEnv: Record<string, string>;
  let gateway: Running<GatewayEnv>;
  let referral: Running<ReferralEnv>;
  const inbox = `${uniqueName('inbox')}@handcheck.test`;
  const database = uniqueName('referral_pipeline');

  const startService = () => startReferral(referralEnv);

  beforeAll(async () => {
    ({ kafka, topic, referralEnv, referral, gateway } = await startReferralPipeline({
      referral: {
        REFERRAL_INBOX: inbox,
        MONGO_URL: mongoUrl(database),
        REFERRAL_RETRY_BASE_MS: '200',
      },
    }));
  });

  afterAll(async () => {
    await gateway?.close();
    await referral?.close();
  });

  it('answers success only with an id, then mails the specialist and the patient exactly once', async () => {
    const body = referralBody();
    const answer = await postReferral(gateway.url, body);
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ success: true, error: null, id: expect.any(String) });
    const id = answer.body.id!;

    const [patientMail] = await waitForMails(body.patient_email);
    const patient = await mailMessage(patientMail!.ID);
    expect(patient.To.map((to) => to.Address)).toEqual([body.patient_email]);
    expect(patient.Subject).toBe('Your HandCheck referral request has been received');
    expect(patient.MessageID).toBe(`referral-${id}-patient@handcheck`);
    expect(patient.Text).toContain('You should receive a response within 1-2 business days.');
    expect(patient.Text).toContain('Call 999 (UK) or 911 (US) if it is life-threatening');
    expect(patient.HTML).toContain('Hello Sam Taylor,');

    const inboxMails = await waitForMails(inbox);
    const specialistMail = await mailMessage(
      inboxMails.find((mail) => mail.MessageID === `referral-${id}-specialist@handcheck`)!.ID,
    );
    expect(specialistMail.To.map((to) => to.Address)).toEqual([inbox]);
    expect(specialistMail.ReplyTo.map((to) => to.Address)).toEqual([body.patient_email]);
    expect(specialistMail.Subject).toBe('Referral request: Sam Taylor, Leeds, UK');
    for (const words of [
      body.patient_email,
      'Leeds, UK',
      'Carpal Tunnel Syndrome',
      'Trigger Finger',
      'Ganglion Cyst',
      'Pain in: Wrist',
      'Night pain',
      'Worse in the morning',
    ]) {
      expect(specialistMail.Text).toContain(words);
    }

    expect(await settledCounts(referral, id, [body.patient_email])).toEqual([1]);
    expect((await mailsTo(inbox)).filter((mail) => mail.MessageID.includes(id))).toHaveLength(1);
    const stored = await referral.app.get(ReferralsRepository, { strict: false }).find(id);
    expect(stored).toMatchObject({
      status: 'sent',
      attempts: 1,
      last_error: null,
      patient_email: body.patient_email,
      top_conditions: body.top_conditions,
    });
    expect(stored?.patient_sent_at).toBeInstanceOf(Date);
    expect(stored?.specialist_sent_at).toBeInstanceOf(Date);
  });

  it('answers a bad request with 400 {success: false} and a clear message, and sends nothing', async () => {
    const bad = await postReferral(gateway.url, referralBody({ patient_email: 'sam at example' }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      success: false,
      error: 'Please enter a valid email address.',
      statusCode: 400,
      path: '/api/referrals',
    });
    const noLocation = await postReferral(
      gateway.url,
      referralBody({ patient_location: '<b> </b>' }),
    );
    expect(noLocation.status).toBe(400);
    expect(noLocation.body.error).toBe('Please enter your location.');
  });

  it('a redelivered referral is mailed once', async () => {
    const email = patientAddress();
    const id = randomUUID();
    const value = referralMessage(email, id);
    await publish(kafka, topic, [{ key: id, value }]);
    await waitForMails(email);
    await publish(kafka, topic, [{ key: id, value }]);
    // A good one after the duplicate (on its partition: same key) shows the duplicate was handled.
    const after = patientAddress();
    await publish(kafka, topic, [{ key: id, value: referralMessage(after) }]);
    await waitForMails(after);
    expect(await settledCounts(referral, id, [email])).toEqual([1]);
  });

  it('a malformed message goes to the dead-letter topic with its reason, and the consumer keeps going', async () => {
    const garbage = Buffer.from('this is not protobuf \xff\xff\xff');
    const invalid = referralMessage('not-an-address', randomUUID());
    // One key: one partition, so they are handled in this order.
    await publish(kafka, topic, [
      { key: 'malformed', value: garbage },
      { key: 'malformed', value: invalid },
    ]);
    const good = patientAddress();
    await publish(kafka, topic, [{ key: 'malformed', value: referralMessage(good) }]);
    await waitForMails(good);

    const dead = await readDeadLetters(kafka, deadLetterTopic(topic), 2);
    expect(dead).toHaveLength(2);
    expect(dead[0]!.value).toEqual(garbage);
    expect(dead[0]!.headers.reason).toMatch(/^not a ReferralRequested message/);
    expect(dead[0]!.headers['source-topic']).toBe(topic);
    expect(dead[1]!.headers.reason).toBe(
      'invalid referral: patient_email: Please enter a valid email address.',
    );
  });

  it('a referral service stopped and started again mid-stream mails every referral exactly once', async () => {
    const bodies = Array.from({ length: 6 }, () => referralBody());
    const ids: string[] = [];
    for (const body of bodies) {
      const answer = await postReferral(gateway.url, body);
      expect(answer.status).toBe(202);
      ids.push(answer.body.id!);
    }
    // Stop as soon as the first is out, with the rest still on the topic or in hand.
    await waitForMails(bodies[0]!.patient_email);
    await referral.close();
    referral = await startService();
    const counts = await Promise.all(
      bodies.map(async (body, i) => {
        await waitForMails(body.patient_email, 1, 60_000);
        return (await settledCounts(referral, ids[i]!, [body.patient_email]))[0];
      }),
    );
    expect(counts).toEqual([1, 1, 1, 1, 1, 1]);
    const specialist = (await mailsTo(inbox)).filter((mail) =>
      ids.some((id) => mail.MessageID === `referral-${id}-specialist@handcheck`),
    );
    expect(specialist).toHaveLength(6);
  });

  it('two referral services given the same referrals at the same time mail each exactly once', async () => {
    // Another consumer group on the same topic and database: every message reaches both.
    const second = await startReferral({
      REFERRAL_TOPIC: topic,
      REFERRAL_CONSUMER_GROUP: uniqueName('referral-second'),
      REFERRAL_INBOX: inbox,
      MONGO_URL: mongoUrl(database),
      REFERRAL_RETRY_BASE_MS: '200',
    });
    try {
      const emails = Array.from({ length: 12 }, () => patientAddress());
      const ids = emails.map(() => randomUUID());
      await publish(
        kafka,
        topic,
        emails.map((email, i) => ({ key: ids[i], value: referralMessage(email, ids[i]) })),
      );
      const counts = await Promise.all(
        emails.map(async (email, i) => {
          await waitForMails(email, 1, 60_000);
          return (await settledCounts(referral, ids[i]!, [email]))[0];
        }),
      );
      expect(counts).toEqual(emails.map(() => 1));
      const specialist = (await mailsTo(inbox)).filter((mail) =>
        ids.some((id) => mail.MessageID === `referral-${id}-specialist@handcheck`),
      );
      expect(specialist).toHaveLength(12);
    } finally {
      await second.close();
    }
  });

  it('a referral whose worker died after marking one mail gets only the other, once its lease ran out', async () => {
    const email = patientAddress();
    const id = randomUUID();
    const referrals = referral.app.get<Model<Referral>>(getModelToken(Referral.name), {
      strict: false,
    });
    const mails = referral.app.get<Model<ReferralMail>>(getModelToken(ReferralMail.name), {
      strict: false,
    });
    // As the dead worker left it: claimed, its lease run out, the patient's mail marked.
    const now = new Date();
    const patientSentAt = new Date(now.getTime() - 1000);
    await referrals.create({
      _id: id,
      id,
      status: 'sending',
      attempts: 1,
      lease_until: new Date(now.getTime() - 1),
      requested_at: now,
      patient_name: null,
      patient_email: email,
      patient_location: 'Boston, US',
      top_conditions: ['Tennis Elbow'],
      key_symptoms: ['Pain in: Elbow'],
      additional_info: null,
    });
    await mails.create({ _id: `${id}:patient`, referral_id: id, sent_at: patientSentAt });
    await publish(kafka, topic, [{ key: id, value: referralMessage(email, id) }]);
    expect(await settledCounts(referral, id, [email])).toEqual([0]);
    expect(
      (await mailsTo(inbox)).filter((mail) => mail.MessageID.includes(id)).map((m) => m.MessageID),
    ).toEqual([`referral-${id}-specialist@handcheck`]);
    const stored = await referral.app.get(ReferralsRepository, { strict: false }).find(id);
    expect(stored).toMatchObject({ status: 'sent', attempts: 2, patient_sent_at: patientSentAt });
    expect(stored?.specialist_sent_at).toBeInstanceOf(Date);
  });

  it('a referral stored before its id was also its _id is found, and only its missing mail sent', async () => {
    const email = patientAddress();
    const id = randomUUID();
    // As an earlier version left it: an ObjectId _id, the patient's mail sent, then released.
    const model = referral.app.get<Model<Referral>>(getModelToken(Referral.name), {
      strict: false,
    });
    const now = new Date();
    await model.collection.insertOne({
      id,
      status: 'received',
      attempts: 1,
      last_error: 'timeout',
      lease_until: null,
      requested_at: now,
      patient_name: null,
      patient_email: email,
      patient_location: 'Boston, US',
      top_conditions: ['Tennis Elbow'],
      key_symptoms: ['Pain in: Elbow'],
      additional_info: null,
      specialist_sent_at: null,
      patient_sent_at: now,
      sent_at: null,
      failed_at: null,
      created_at: now,
      updated_at: now,
    });
    await publish(kafka, topic, [{ key: id, value: referralMessage(email, id) }]);
    expect(await settledCounts(referral, id, [email])).toEqual([0]);
    expect(
      (await mailsTo(inbox)).filter((mail) => mail.MessageID.includes(id)).map((m) => m.MessageID),
    ).toEqual([`referral-${id}-specialist@handcheck`]);
    const stored = await referral.app.get(ReferralsRepository, { strict: false }).find(id);
    expect(stored).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(stored?._id).toBeInstanceOf(Types.ObjectId);
    expect(stored?.specialist_sent_at).toBeInstanceOf(Date);
  });
});

describe('referral: retention', () => {
  it('the purge deletes referrals older than REFERRAL_RETENTION_DAYS and keeps the rest', async () => {
    const kafka = testKafka();
    const topic = await referralTopic(kafka);
    const referral = await startReferral({
      REFERRAL_TOPIC: topic,
      REFERRAL_CONSUMER_GROUP: uniqueName('referral-purge'),
      MONGO_URL: mongoUrl(uniqueName('referral_purge')),
      REFERRAL_RETENTION_DAYS: '30',
    });
    try {
      const email = patientAddress();
      const id = randomUUID();
      await publish(kafka, topic, [{ key: id, value: referralMessage(email, id) }]);
      await waitForMails(email);
      const repository = referral.app.get(ReferralsRepository, { strict: false });
      const purge = referral.app.get(ReferralPurge, { strict: false });
      const day = 24 * 60 * 60 * 1000;
      // 29 days on it is kept; 31 days on it is gone.
      expect(await purge.purge(new Date(Date.now() + 29 * day))).toBe(0);
      expect(await repository.find(id)).not.toBeNull();
      const mails = referral.app.get<Model<ReferralMail>>(getModelToken(ReferralMail.name), {
        strict: false,
      });
      // The mail accepted first has a mark of its own; it goes with the referral.
      expect(await mails.countDocuments({ referral_id: id })).toBe(1);
      expect(await purge.purge(new Date(Date.now() + 31 * day))).toBe(1);
      expect(await repository.find(id)).toBeNull();
      expect(await mails.countDocuments({ referral_id: id })).toBe(0);
    } finally {
      await referral.close();
    }
  });
});

describe('referral: the per-client limit', () => {
  let gateway: Running<GatewayEnv>;
  let kafka: Kafka;

  beforeAll(async () => {
    kafka = testKafka();
    const topic = await referralTopic(kafka);
    gateway = await startGateway({
      REFERRAL_TOPIC: topic,
      REFERRAL_RATE_LIMIT: '2',
      REFERRAL_RATE_WINDOW_SECONDS: '600',
    });
    // Takes the first of the client's two.
    await waitUntilPublishing(gateway.url);
  });

  afterAll(async () => {
    await gateway?.close();
  });

  it('answers 429 with Retry-After and words a person understands once a client sent its share', async () => {
    expect((await postReferral(gateway.url, referralBody())).status).toBe(202);
    const limited = await postReferral(gateway.url, referralBody());
    expect(limited.status).toBe(429);
    // Two per 600 s window, which began with the first a moment ago.
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(540);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(limited.body).toMatchObject({
      success: false,
      error:
        'You have sent several referral requests in a short time. Please wait 10 minutes and try again.',
      statusCode: 429,
    });
  });
});
