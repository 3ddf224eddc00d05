/**
 * Two referral services and two report services against the local three-broker
 * cluster (make test-scale). Referrals go through a real gateway while one broker
 * is stopped, and each is mailed exactly once; the weekly report is claimed by a
 * report process (the build, as deployed) that is killed with SIGKILL mid-send
 * while a second replica runs beside it, and the week is mailed exactly once.
 */
import { type ChildProcess } from 'node:child_process';
import mongoose, { type Connection } from 'mongoose';
import { eventually, uniqueName } from '@handcheck/server-kit/testing';
import { isoWeek, localDate } from '../../services/report/src/weekly/report-days';
import { runMessageId } from '../../services/report/src/weekly/report-runs.repository';
import { type GatewayEnv } from '../../services/gateway/src/config/gateway.env';
import { type ReferralEnv } from '../../services/referral/src/config/referral.env';
import { type Running, startGateway, startReferral, startReport } from '../support/apps';
import { dropDatabase } from '../support/clickhouse';
import {
  mailsTo,
  mongoUrl,
  postReferral,
  referralBody,
  waitUntilPublishing,
} from '../support/referrals';
import { type ReportRun, killHard, spawnReport } from '../support/report-process';
import { migrateClickHouse } from '../support/report-seed';
import { type StallingRelay, stallingRelay } from '../support/stalling-relay';
import { CLUSTER_KAFKA, clusterKafka, scaleEngine, topicLayout } from './scale-cluster';

jest.setTimeout(300_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('referrals with one broker of three stopped', () => {
  const kafka = clusterKafka();
  const topic = uniqueName('referrals.requested.v1.scale');
  const inbox = `${uniqueName('inbox')}@handcheck.test`;
  const database = uniqueName('referral_scale');
  const referrals: Array<Running<ReferralEnv>> = [];
  let gateway: Running<GatewayEnv>;

  beforeAll(async () => {
    // Both replicas in one consumer group, sharing one database: as the chart runs them.
    const env = {
      ...CLUSTER_KAFKA,
      REFERRAL_TOPIC: topic,
      REFERRAL_CONSUMER_GROUP: uniqueName('referral-scale'),
      REFERRAL_INBOX: inbox,
      MONGO_URL: mongoUrl(database),
      REFERRAL_MAX_ATTEMPTS: '8',
      REFERRAL_RETRY_BASE_MS: '500',
    };
    referrals.push(await startReferral(env), await startReferral(env));
    gateway = await startGateway({
      ...CLUSTER_KAFKA,
      REFERRAL_TOPIC: topic,
      REFERRAL_RATE_LIMIT: '1000',
      REFERRAL_PUBLISH_TIMEOUT_MS: '10000',
    });
    await waitUntilPublishing(gateway.url);
  });

  afterAll(async () => {
    await gateway?.close();
    for (const referral of referrals) await referral.close();
    const connection = await mongoose.createConnection(mongoUrl(database)).asPromise();
    await connection.dropDatabase();
    await connection.close();
  });

  it('creates the referral topics with three replicas and min.insync.replicas 2', async () => {
    for (const name of [topic, `${topic}.dlq`]) {
      const layout = await topicLayout(kafka, name);
      expect(layout.replicas.every((count) => count === 3)).toBe(true);
      expect(layout.minInsyncReplicas).toBe('2');
    }
    expect((await topicLayout(kafka, topic)).partitions).toBe(6);
  });

  it('takes every referral while a broker is stopped and mails each exactly once', async () => {
    const sent: Array<{ id: string; patient: string }> = [];
    const send = async () => {
      const body = referralBody();
      const answer = await postReferral(gateway.url, body);
      expect(answer.status).toBe(202);
      sent.push({ id: answer.body.id!, patient: body.patient_email });
    };
    for (let i = 0; i < 4; i += 1) await send();
    scaleEngine('stop', 'kafka2');
    try {
      for (let i = 0; i < 8; i += 1) await send();
      // Mailed while the broker is still away.
      await eventually(
        async () => {
          const inboxMails = await mailsTo(inbox);
          return sent.every((r) => inboxMails.some((mail) => mail.MessageID.includes(r.id)))
            ? true
            : undefined;
        },
        120_000,
        500,
      );
    } finally {
      scaleEngine('start', 'kafka2');
    }
    // Back to three brokers, the group settles; nothing is mailed a second time.
    await sleep(5000);
    const inboxMails = await mailsTo(inbox);
    for (const { id, patient } of sent) {
      expect(inboxMails.filter((mail) => mail.MessageID.includes(id))).toHaveLength(1);
      expect(await mailsTo(patient)).toHaveLength(1);
    }
  });
});

describe('the weekly report with one of two report replicas killed mid-run', () => {
  const ZONE = 'Europe/London';
  const LEASE_SECONDS = 4;
  const database = uniqueName('hc_scale');
  const mongoDatabase = uniqueName('hc_scale');
  const recipient = `${uniqueName('weekly')}@example.test`;
  const key = `weekly-report:${isoWeek(localDate(new Date(), ZONE))}`;
  const schedule = {
    REPORT_RECIPIENTS: recipient,
    REPORT_CRON: '*/2 * * * * *',
    REPORT_PERIOD: 'week',
    REPORT_LEASE_SECONDS: String(LEASE_SECONDS),
    REPORT_TIMEZONE: ZONE,
    CLICKHOUSE_DATABASE: database,
    MONGO_URL: mongoUrl(mongoDatabase),
  };
  let mongo: Connection;
  let relay: StallingRelay;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    await migrateClickHouse(database);
    mongo = await mongoose.createConnection(mongoUrl(mongoDatabase)).asPromise();
    relay = await stallingRelay();
  });

  afterAll(async () => {
    child?.kill('SIGKILL');
    await relay?.close();
    await dropDatabase(database);
    await mongo?.dropDatabase().catch(() => undefined);
    await mongo?.close();
  });

  it('is sent once: the replica left takes the run over from the one killed mid-send', async () => {
    child = await spawnReport(schedule, relay.port());
    const runs = mongo.collection<ReportRun>('report_runs');

    // The process claims the week and is inside the send when it is killed.
    await relay.reachedData();
    const claimed = await runs.findOne({ _id: key } as never);
    expect(claimed).toMatchObject({ status: 'running', attempts: 1 });

    // The second replica starts beside the first, which is killed while it holds the run.
    const second = await startReport(schedule);
    try {
      await killHard(child);
      child = undefined;

      const run = await eventually(
        async () => {
          const found = await runs.findOne({ _id: key } as never);
          return found?.status === 'sent' ? found : undefined;
        },
        60_000,
        250,
      );
      expect(run.attempts).toBe(2);
      expect(run.lease_owner).not.toBe(claimed!.lease_owner);
      // More firings change nothing.
      await sleep(3 * LEASE_SECONDS * 1000);
    } finally {
      await second.close();
    }
    const mails = await mailsTo(recipient);
    expect(mails).toHaveLength(1);
    expect(`<${mails[0]!.MessageID}>`).toBe(runMessageId(key));
  });
});
