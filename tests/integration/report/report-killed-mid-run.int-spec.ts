/**
 * The weekly report when a replica is killed for real in the middle of a run:
 * a report service process (the build, as it is deployed) claims the week and
 * starts mailing through a relay that stops answering at DATA, is killed with
 * SIGKILL there, and another replica takes the run over once its lease has
 * passed. The week is mailed exactly once.
 */
import { type ChildProcess } from 'node:child_process';
import mongoose, { type Connection } from 'mongoose';
import { eventually, uniqueName } from '@handcheck/server-kit/testing';
import { isoWeek, localDate } from '../../../services/report/src/weekly/report-days';
import { runMessageId } from '../../../services/report/src/weekly/report-runs.repository';
import { startReport } from '../../support/apps';
import { dropDatabase } from '../../support/clickhouse';
import { mailsTo, mongoUrl } from '../../support/referrals';
import { type ReportRun, killHard, spawnReport } from '../../support/report-process';
import { migrateClickHouse } from '../../support/report-seed';
import { type StallingRelay, stallingRelay } from '../../support/stalling-relay';

jest.setTimeout(150_000);

const ZONE = 'Europe/London';
const LEASE_SECONDS = 4;
const database = uniqueName('hc_killed');
const mongoDatabase = uniqueName('hc_killed');
const recipient = `${uniqueName('killed')}@example.test`;
const key = `weekly-report:${isoWeek(localDate(new Date(), ZONE))}`;

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

const schedule = {
  REPORT_RECIPIENTS: recipient,
  REPORT_CRON: '*/2 * * * * *',
  REPORT_PERIOD: 'week',
  REPORT_LEASE_SECONDS: String(LEASE_SECONDS),
  REPORT_TIMEZONE: ZONE,
  CLICKHOUSE_DATABASE: database,
  MONGO_URL: mongoUrl(mongoDatabase),
};

it('a replica killed mid-send is taken over once, and the week is mailed once', async () => {
  child = await spawnReport(schedule, relay.port());
  const runs = mongo.collection<ReportRun>('report_runs');

  // The process claims the week and is inside the send when it is killed.
  await relay.reachedData();
  const claimed = await runs.findOne({ _id: key } as never);
  expect(claimed).toMatchObject({ status: 'running', attempts: 1 });
  await killHard(child);
  child = undefined;

  // Another replica, with a relay that works, finds the lease and waits it out.
  const replica = await startReport(schedule);
  try {
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
    const later = Date.now() + 3 * LEASE_SECONDS * 1000;
    await eventually(async () => (Date.now() > later ? true : undefined), 30_000, 500);
  } finally {
    await replica.close();
  }
  const mails = await mailsTo(recipient);
  expect(mails).toHaveLength(1);
  expect(`<${mails[0]!.MessageID}>`).toBe(runMessageId(key));
});
