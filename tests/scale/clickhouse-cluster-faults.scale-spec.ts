/**
 * The analytics pipeline on the local cluster under faults: a paced load of
 * page views (rows of analytics_events) through two gateways, two ingestion replicas in one consumer
 * group (one the build, as deployed, writing through clickhouse1; one in this
 * process, through clickhouse2). One Kafka broker is stopped for 20 s, then
 * one ClickHouse replica for 20 s, then the built ingestion is killed with
 * SIGKILL. Intake answers 202 throughout the broker's outage, and every event
 * answered 202 is stored exactly once (counted on the Distributed table with
 * FINAL, on both replicas).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createClickHouse, migrate, sqlString } from '@handcheck/server-kit';
import {
  REPO_ROOT,
  clickhouseServiceEnv,
  eventually,
  testClickHouseLogin,
  testInfra,
  uniqueName,
} from '@handcheck/server-kit/testing';
import { MIGRATIONS, SHARDING_KEY } from '../../services/ingestion/src/clickhouse/schema';
import { type GatewayEnv } from '../../services/gateway/src/config/gateway.env';
import { type IngestionEnv } from '../../services/ingestion/src/config/ingestion.env';
import { type Running, freePort, startGateway, startIngestion } from '../support/apps';
import { pageView, postEvents } from '../support/events';
import {
  CLUSTER,
  dropClusterDatabase,
  replicaUrls,
  sortedRows,
  syncReplica,
} from './clickhouse-cluster';
import { CLUSTER_KAFKA, scaleEngine } from './scale-cluster';

jest.setTimeout(600_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  at: number;
  status: number;
  ids: string[];
}

describe('analytics with a broker, a ClickHouse replica and an ingestion replica lost in turn', () => {
  const database = uniqueName('hc_faults');
  const group = uniqueName('ingestion-faults');
  const sessions = Array.from({ length: 12 }, () => randomUUID());
  const [first, second] = replicaUrls();
  const ingestionEnv = {
    ...CLUSTER_KAFKA,
    CLICKHOUSE_DATABASE: database,
    CLICKHOUSE_CLUSTER: CLUSTER,
    CONSUMER_GROUP: group,
    BATCH_MAX_WAIT_MS: '100',
    BATCH_MIN_BYTES: '1',
  };
  const gateways: Array<Running<GatewayEnv>> = [];
  let inProcess: Running<IngestionEnv> | undefined;
  let built: ChildProcess | undefined;

  beforeAll(async () => {
    // The schema first, so neither replica waits on the other's migration.
    const client = createClickHouse({
      ...testClickHouseLogin(),
      url: first,
      database: 'default',
      cluster: CLUSTER,
    });
    await migrate(client, database, MIGRATIONS, {
      cluster: { cluster: CLUSTER, shardingKey: SHARDING_KEY },
    });
    await client.close();
    built = spawn(process.execPath, ['dist/main.js'], {
      cwd: join(REPO_ROOT, 'services/ingestion'),
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'error',
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        KAFKA_BROKERS: testInfra().kafkaBrokers,
        ...clickhouseServiceEnv('ingestion'),
        CLICKHOUSE_URL: first,
        ...ingestionEnv,
      },
    });
    inProcess = await startIngestion({ ...ingestionEnv, CLICKHOUSE_URL: second });
    const intake = { ...CLUSTER_KAFKA, EVENTS_RATE_PER_SECOND: '10000', EVENTS_BURST: '10000' };
    gateways.push(await startGateway(intake), await startGateway(intake));
    for (const gateway of gateways) {
      await eventually(
        async () =>
          // A session of its own: only the load's sessions are counted.
          (await postEvents(gateway.url, [pageView(randomUUID())])).status === 202
            ? true
            : undefined,
        60_000,
        250,
      );
    }
  });

  afterAll(async () => {
    built?.kill('SIGKILL');
    for (const gateway of gateways) await gateway.close();
    await inProcess?.close();
    await dropClusterDatabase(database);
  });

  it('answers 202 while a broker is down and stores every accepted event exactly once', async () => {
    const answers: Answer[] = [];
    let loading = true;
    const load = (async () => {
      for (let n = 0; loading; n++) {
        const events = [0, 1].map((i) =>
          pageView(sessions[(n + i) % sessions.length]!, `/p/${n % 5}`),
        );
        const gateway = gateways[n % 2]!;
        const sent = Date.now();
        const { status } = await postEvents(gateway.url, events);
        answers.push({ at: sent, status, ids: events.map((event) => event.id) });
        // About 20 requests a second, 40 events.
        await sleep(Math.max(0, 50 - (Date.now() - sent)));
      }
    })();

    await sleep(3000);
    const brokerDown = Date.now();
    scaleEngine('stop', 'kafka2');
    await sleep(20_000);
    scaleEngine('start', 'kafka2');
    const brokerUp = Date.now();
    scaleEngine('stop', 'clickhouse2');
    await sleep(20_000);
    scaleEngine('start', 'clickhouse2');
    built!.kill('SIGKILL');
    await new Promise((resolve) => built!.once('exit', resolve));
    built = undefined;
    await sleep(5000);
    loading = false;
    await load;

    const duringOutage = answers.filter((a) => a.at >= brokerDown && a.at <= brokerUp);
    expect(duringOutage.length).toBeGreaterThan(100);
    expect(duringOutage.filter((a) => a.status !== 202)).toEqual([]);
    const accepted = answers.filter((a) => a.status === 202).flatMap((a) => a.ids);
    // Most of the load answered 202 (the rest, if any, during the other outages).
    expect(accepted.length).toBeGreaterThan(answers.length * 2 * 0.9);

    // Every event answered 202 once under FINAL; any other stored is one sent
    // whose answer was lost (a timeout), never one made up.
    const sent = new Set(answers.flatMap((a) => a.ids));
    const perEvent = `SELECT event_id, count() AS n FROM ${database}.analytics_events FINAL WHERE session_id IN (${sessions.map(sqlString).join(', ')}) GROUP BY event_id`;
    const storedOn = async (url: string) => {
      const rows = await sortedRows(url, perEvent);
      return new Map(rows.map((row) => JSON.parse(row) as [string, number]));
    };
    let missing = accepted.length;
    const stored = await eventually(
      async () => {
        const found = await storedOn(first);
        missing = accepted.filter((id) => !found.has(id)).length;
        return missing === 0 ? found : undefined;
      },
      180_000,
      1000,
    ).catch((error: unknown) => {
      throw new Error(
        `${missing} of ${accepted.length} accepted events never stored: ${String(error)}`,
      );
    });
    expect(accepted.filter((id) => stored.get(id) !== 1)).toEqual([]);
    expect([...stored.keys()].filter((id) => !sent.has(id))).toEqual([]);
    await syncReplica(second, database);
    expect(await storedOn(second)).toEqual(stored);
  });
});
