import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ClickHouseClient } from '@clickhouse/client';
import { type Kafka } from '@handcheck/server-kit/testing';
import { sessionBatchMessages } from '@handcheck/contracts';
import { createKafka, createProducer } from '@handcheck/server-kit/testing';
import {
  ANALYST_TEST_DATABASES,
  REPO_ROOT,
  eventually,
  testInfra,
  uniqueName,
} from '@handcheck/server-kit/testing';
import { type Running, startIngestion } from '../../support/apps';
import { analystRows, dropDatabase, rows, testClickHouse } from '../../support/clickhouse';
import { waitUntilCaughtUp } from '../../support/events';
import { seededRandom, sessionEvents } from '../../../scripts/analytics/traffic';
import { type IngestionEnv } from '../../../services/ingestion/src/config/ingestion.env';
import { localDate, reportDays } from '../../../services/report/src/weekly/report-days';

jest.setTimeout(120_000);

const QUERY_DIR = join(REPO_ROOT, 'docs/analytics');
const queries = readdirSync(QUERY_DIR)
  .filter((file) => file.endsWith('.sql'))
  .sort()
  .map((file) => [file, readFileSync(join(QUERY_DIR, file), 'utf8')] as const);

// The analyst queries in docs/analytics run, as written, on seeded traffic that
// went through Kafka and ingestion — on the local ClickHouse (18.16), signed in as
// the analyst, as docs/analytics.md tells analysts to: readonly = 1, the
// analyst profile's limits, over HTTP with no setting sent.
describe('documented analyst queries, as the analyst', () => {
  let ingestion: Running<IngestionEnv>;
  let clickhouse: ClickHouseClient;
  let kafka: Kafka;
  // One of the databases the test profile's analyst may read (deploy/engines/clickhouse.sh).
  const database = ANALYST_TEST_DATABASES.queries;
  // A topic of its own: specs running beside this one send sessions of their own, which
  // would otherwise reach this database between the seed and the counts.
  const topic = uniqueName('analytics-queries');
  const sessions = 300;
  let siteVisitsLastWeek = 0;
  // Every assertion compares against what the queries answered before the seed.
  const before: Record<string, Record<string, unknown>> = {};

  beforeAll(async () => {
    kafka = createKafka({ clientId: 'queries-test', brokers: [testInfra().kafkaBrokers] });
    // The same name every run: what a run that stopped half-way left goes first.
    await dropDatabase(database);
    ingestion = await startIngestion({ CLICKHOUSE_DATABASE: database, ANALYTICS_TOPIC: topic });
    clickhouse = testClickHouse(database);
    await waitUntilCaughtUp(kafka, ingestion.env.CONSUMER_GROUP, topic);
    for (const [file, sql] of queries) before[file] = (await run(sql))[0] ?? {};
    const random = seededRandom(7);
    const now = Date.now();
    const events = [];
    for (let i = 0; i < sessions; i++) {
      events.push(...sessionEvents(random, now - 13 * 86_400_000 * random() - 7_200_000));
    }
    // The last 7 whole days in London time, today excluded (docs/analytics.md).
    const { days } = reportDays(new Date(now), 'Europe/London');
    siteVisitsLastWeek = events.filter(
      (e) =>
        e.payload.case === 'siteVisit' &&
        days.includes(localDate(new Date(Number(e.occurredAtMs)), 'Europe/London')),
    ).length;
    const producer = createProducer(kafka);
    await producer.connect();
    await producer.send({
      topic,
      acks: -1,
      messages: sessionBatchMessages(events),
    });
    await producer.disconnect();
    await eventually(
      async () => {
        const [row] = await rows<{ n: number }>(
          clickhouse,
          'SELECT count() AS n FROM user_sessions',
        );
        return Number(row?.n) >= sessions + Number(before['08-bounce-rate.sql']?.sessions ?? 0)
          ? true
          : undefined;
      },
      30_000,
      250,
    );
  });

  function run(sql: string) {
    return analystRows<Record<string, unknown>>(
      database,
      sql.replaceAll('handcheck.', `${database}.`),
    );
  }
  const delta = (file: string, row: Record<string, unknown> | undefined, key: string) =>
    Number(row?.[key] ?? 0) - Number(before[file]?.[key] ?? 0);

  afterAll(async () => {
    await ingestion?.close();
    await clickhouse?.close();
    await dropDatabase(database);
  });

  it('has the ten documented queries', () => {
    expect(queries).toHaveLength(10);
  });

  it.each(queries)('%s runs and returns rows', async (_file, sql) => {
    const result = await run(sql);
    expect(result.length).toBeGreaterThan(0);
  });

  it('weekly visits match the seeded site visits', async () => {
    const [file, sql] = queries[0]!;
    const [row] = await run(sql);
    expect(Math.abs(delta(file, row, 'this_week') - siteVisitsLastWeek)).toBeLessThanOrEqual(2);
  });

  it('the funnel only ever narrows', async () => {
    const [file, sql] = queries[4]!;
    const [row] = await run(sql);
    const steps = [
      'started',
      'emergency_check',
      'step_1',
      'step_2',
      'step_3',
      'step_4',
      'step_5',
      'step_6',
      'completed',
    ].map((k) => delta(file, row, k));
    expect(steps[0]).toBeGreaterThan(0);
    for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeLessThanOrEqual(steps[i - 1]!);
  });

  it('sessions are one row each with sane rates', async () => {
    const [sessionsRow] = await run(queries[7]![1]);
    expect(delta(queries[7]![0], sessionsRow, 'sessions')).toBe(sessions);
    expect(Number(sessionsRow?.bounce_percent)).toBeGreaterThan(0);
    expect(Number(sessionsRow?.bounce_percent)).toBeLessThan(100);
    const [uk] = await run(queries[6]![1]);
    expect(Number(uk?.uk_percent)).toBeGreaterThan(0);
    const [median] = await run(queries[8]![1]);
    expect(Number(median?.median_seconds)).toBeGreaterThan(0);
  });
});
