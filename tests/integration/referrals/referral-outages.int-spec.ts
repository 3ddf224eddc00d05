import { deadLetterTopic } from '@handcheck/contracts';
import { type Kafka, eventually, uniqueName } from '@handcheck/server-kit/testing';
import { type Running, startReferral } from '../../support/apps';
import { engine } from '../../support/engines';
import {
  mailsTo,
  mongoUrl,
  postReferral,
  publish,
  referralBody,
  referralMessage,
  referralTopic,
  waitForMails,
} from '../../support/referrals';
import { readDeadLetters } from '../../support/dead-letters';
import { startReferralPipeline } from '../../support/referral-pipeline';
import { type GatewayEnv } from '../../../services/gateway/src/config/gateway.env';
import { type ReferralEnv } from '../../../services/referral/src/config/referral.env';
import { ReferralsRepository } from '../../../services/referral/src/referrals/referrals.repository';

jest.setTimeout(300_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('referral outages', () => {
  let kafka: Kafka;
  /** For a second referral service that gives up quickly (made before Kafka's outage below). */
  let quickTopic: string;
  let gateway: Running<GatewayEnv>;
  let referral: Running<ReferralEnv>;
  const inbox = `${uniqueName('inbox')}@handcheck.test`;

  beforeAll(async () => {
    ({ kafka, referral, gateway } = await startReferralPipeline({
      referral: {
        REFERRAL_INBOX: inbox,
        // Retries 0.2 s, 0.4 s, 0.8 s, 1.6 s, 3.2 s, 6.4 s apart: the 5 s outage below spans
        // five of them, and the sixth (6.2 s after the first failure) finds the relay back.
        REFERRAL_MAX_ATTEMPTS: '8',
        REFERRAL_RETRY_BASE_MS: '200',
        // After Kafka's restart below the group waits this long for the member lost with it
        // before the next referral is read; the default 30 s would be most of this spec's time.
        KAFKA_SESSION_TIMEOUT_MS: '6000',
      },
      gateway: { REFERRAL_PUBLISH_TIMEOUT_MS: '3000' },
    }));
    quickTopic = await referralTopic(kafka);
  });

  afterAll(async () => {
    await gateway?.close();
    await referral?.close();
  });

  it('with Kafka stopped the gateway answers 503 {success: false} with a readable error', async () => {
    // Kafka works first: the producer is connected when it goes away.
    expect((await postReferral(gateway.url, referralBody())).status).toBe(202);
    engine('stop', 'kafka');
    try {
      const answer = await postReferral(gateway.url, referralBody());
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({
        success: false,
        error:
          'We could not send your referral request just now. Please try again in a few minutes.',
        statusCode: 503,
      });
      expect(answer.headers.get('retry-after')).toBe('60');
      // The site itself keeps serving.
      expect((await fetch(`${gateway.url}/api/health/ready`)).status).toBe(200);
    } finally {
      engine('start', 'kafka');
    }
    // And referrals flow again once Kafka is back.
    await eventually(
      async () =>
        (await postReferral(gateway.url, referralBody())).status === 202 ? true : undefined,
      90_000,
      2000,
    );
  });

  it('with the mail relay stopped for 5 s, both mails arrive exactly once after it returns; a referral out of attempts is dead-lettered', async () => {
    // A second referral service that gives up quickly, on a topic of its own.
    const quick = await startReferral({
      REFERRAL_TOPIC: quickTopic,
      REFERRAL_CONSUMER_GROUP: uniqueName('referral-quick'),
      REFERRAL_INBOX: inbox,
      MONGO_URL: mongoUrl(uniqueName('referral_quick')),
      REFERRAL_MAX_ATTEMPTS: '2',
      REFERRAL_RETRY_BASE_MS: '100',
    });
    const body = referralBody();
    let id: string;
    const doomed = `${uniqueName('doomed')}@example.test`;
    engine('stop', 'mail');
    const stoppedAt = Date.now();
    try {
      const answer = await postReferral(gateway.url, body);
      expect(answer.status).toBe(202);
      id = answer.body.id!;
      await publish(kafka, quickTopic, [{ key: 'doomed', value: referralMessage(doomed) }]);
      const dead = await readDeadLetters(kafka, deadLetterTopic(quickTopic), 1);
      expect(dead[0]!.headers.reason).toMatch(/^mail not sent after 2 attempt\(s\): /);
      expect(dead[0]!.headers.reason).not.toContain(doomed);
      // The relay stays away about 5 s in all.
      await sleep(Math.max(0, stoppedAt + 5_000 - Date.now()));
    } finally {
      engine('start', 'mail');
      await quick.close();
    }
    await waitForMails(body.patient_email, 1, 120_000);
    const repository = referral.app.get(ReferralsRepository, { strict: false });
    await eventually(
      async () => ((await repository.find(id))?.status === 'sent' ? true : undefined),
      60_000,
      500,
    );
    await sleep(1500);
    expect(await mailsTo(body.patient_email)).toHaveLength(1);
    expect((await mailsTo(inbox)).filter((mail) => mail.MessageID.includes(id))).toHaveLength(1);
    expect(await mailsTo(doomed)).toHaveLength(0);
  });
});
