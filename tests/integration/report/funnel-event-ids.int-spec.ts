import { randomUUID } from 'node:crypto';
import { type ClickHouseClient } from '@clickhouse/client';
import { ReportService } from '@handcheck/contracts';
import { createGrpcClient, sqlIdentifier } from '@handcheck/server-kit';
import { eventually, uniqueName } from '@handcheck/server-kit/testing';
import { type ReportEnv } from '../../../services/report/src/config/report.env';
import { addDays, localDate } from '../../../services/report/src/weekly/report-days';
import { type Running, startReport } from '../../support/apps';
import { dropDatabase, rows, testClickHouse } from '../../support/clickhouse';
import { checkerEventRow, migrateClickHouse } from '../../support/report-seed';
import { mongoUrl } from '../../support/referrals';

jest.setTimeout(120_000);

// The dashboard's funnel counts an event id in one session, the smallest it came with,
// whatever ClickHouse has merged: the same symptom_checker_started id sent under two
// sessions is one started session as soon as it is stored, and still one once merged.
// Merges of analytics_events are stopped until the test asks for one, so what is read
// "at once" is the two rows of that id, however fast the server would have merged them.

const ZONE = 'Europe/London';
const database = sqlIdentifier(uniqueName('hc_funnel_ids'));
const mongoDatabase = uniqueName('hc_funnel_ids');
const today = localDate(new Date(), ZONE);
const twoDaysAgo = Date.parse(`${addDays(today, -2)}T12:00:00Z`);
const STARTED = 'symptom_checker_started';

let clickhouse: ClickHouseClient;
let report: Running<ReportEnv> & { grpcAddress: string };
let client: ReturnType<typeof createGrpcClient<typeof ReportService>>;

async function insert(values: Record<string, unknown>[]): Promise<void> {
  await clickhouse.insert({ table: 'analytics_events', values, format: 'JSONEachRow' });
}

const started = (session: string, eventId = randomUUID()) => ({
  ...checkerEventRow(session, STARTED, null, twoDaysAgo),
  event_id: eventId,
});

/** The dashboard's funnel: started, the emergency check, steps 1–6, completed. */
async function funnel(): Promise<number[]> {
  const { funnel } = await client.getDashboard({});
  return [
    funnel!.started,
    funnel!.emergencyCheckCompleted,
    ...funnel!.stepsCompleted,
    funnel!.completed,
  ];
}

/** How many rows of analytics_events hold `eventId`, merged or not (no FINAL). */
async function rowsOf(eventId: string): Promise<number> {
  const [row] = await rows<{ n: number | string }>(
    clickhouse,
    `SELECT count() AS n FROM analytics_events WHERE event_id = '${eventId}'`,
  );
  return Number(row?.n);
}

/** The funnel right after the three sessions were stored, before any test adds to it. */
let seeded: number[];

beforeAll(async () => {
  await migrateClickHouse(database);
  clickhouse = testClickHouse(database);
  await clickhouse.command({ query: `SYSTEM STOP MERGES ${database}.analytics_events` });
  await insert([started('session-1'), started('session-2'), started('session-3')]);
  report = await startReport({
    CLICKHOUSE_DATABASE: database,
    MONGO_URL: mongoUrl(mongoDatabase),
    REPORT_TIMEZONE: ZONE,
  });
  client = createGrpcClient(ReportService, report.grpcAddress, {
    deadlineMs: 20_000,
    internalToken: report.env.internalGrpcToken,
  });
  seeded = await funnel();
});

afterAll(async () => {
  client?.close();
  await report?.close();
  await clickhouse?.close();
  await dropDatabase(database);
});

// Each test counts from the funnel it finds, so they hold in any order.
describe('the dashboard funnel counts one event id in one session', () => {
  const startedOnly = (sessions: number) => [sessions, 0, 0, 0, 0, 0, 0, 0, 0];
  const startedNow = async () => (await funnel())[0]!;

  it('three sessions started', () => {
    expect(seeded).toEqual(startedOnly(3));
  });

  it('an id sent under a second session, in another insert: one more started session at once, not two', async () => {
    const before = await startedNow();
    const apart = randomUUID();
    await insert([started('session-new-b', apart)]);
    await insert([started('session-new-a', apart)]);
    expect(await rowsOf(apart)).toBe(2);
    expect(await funnel()).toEqual(startedOnly(before + 1));
  });

  it('an id under two sessions in one insert: one more', async () => {
    const before = await startedNow();
    const together = randomUUID();
    await insert([started('session-one-b', together), started('session-one-a', together)]);
    expect(await rowsOf(together)).toBe(2);
    expect(await funnel()).toEqual(startedOnly(before + 1));
  });

  it('the same figures once ClickHouse has merged the rows of each id', async () => {
    const before = await startedNow();
    const [apart, together] = [randomUUID(), randomUUID()];
    await insert([started('session-merge-b', apart)]);
    await insert([started('session-merge-a', apart)]);
    await insert([started('session-merged-b', together), started('session-merged-a', together)]);
    const unmerged = await funnel();
    expect(unmerged).toEqual(startedOnly(before + 2));
    await clickhouse.command({ query: `SYSTEM START MERGES ${database}.analytics_events` });
    try {
      // Again until it took: OPTIMIZE does nothing while a background merge holds the parts.
      await eventually(
        async () => {
          await clickhouse.command({ query: `OPTIMIZE TABLE ${database}.analytics_events FINAL` });
          return ((await rowsOf(apart)) === 1 && (await rowsOf(together)) === 1) || undefined;
        },
        30_000,
        250,
      );
      expect(await funnel()).toEqual(unmerged);
    } finally {
      // The other tests read two rows of an id before any merge.
      await clickhouse.command({ query: `SYSTEM STOP MERGES ${database}.analytics_events` });
    }
  });
});
