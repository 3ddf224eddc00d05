import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ClickHouseService } from '@handcheck/server-kit';
import { REPO_ROOT, uniqueName } from '@handcheck/server-kit/testing';
import { AnalyticsRepository } from '../../services/report/src/analytics/analytics.repository';
import { ReportEnv } from '../../services/report/src/config/report.env';
import { DASHBOARD_DAYS } from '../../services/report/src/dashboard/dashboard';
import { dropDatabase } from '../support/clickhouse';
import {
  analyticsClickHouse,
  dropClusterDatabase,
  replicaUrls,
  seedSameEvents,
  sortedRows,
  syncReplica,
} from './clickhouse-cluster';

const QUERY_DIR = join(REPO_ROOT, 'docs/analytics');
const queries = readdirSync(QUERY_DIR)
  .filter((file) => file.endsWith('.sql'))
  .sort()
  .map((file) => [file, readFileSync(join(QUERY_DIR, file), 'utf8')] as const);

const TIME_ZONE = 'Europe/London';

// The same events, stored as ingestion stores them, once on the cluster
// (written through clickhouse1, read on clickhouse2) and once in the
// single-node schema: every figure the product and the analysts read must be
// the same on both.
describe('the analytics on the ClickHouse cluster', () => {
  const single = uniqueName('hc_one_node');
  const clustered = uniqueName('hc_cluster_queries');
  const [first, second] = replicaUrls();
  let oneNode: ClickHouseService;
  let writer: ClickHouseService;
  let reader: ClickHouseService;
  // Tomorrow in London: the windows end tonight, so the seeded days are all in them.
  const endDay = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', {
    timeZone: TIME_ZONE,
  });

  beforeAll(async () => {
    oneNode = analyticsClickHouse(single, { url: first });
    writer = analyticsClickHouse(clustered, { url: first, cluster: true });
    reader = analyticsClickHouse(clustered, { url: second, cluster: true });
    await oneNode.onModuleInit();
    await writer.onModuleInit();
    await reader.onModuleInit();

    await seedSameEvents([oneNode, writer]);
    await syncReplica(second, clustered);
  });

  afterAll(async () => {
    for (const service of [oneNode, writer, reader]) await service?.onApplicationShutdown();
    await dropDatabase(single);
    await dropClusterDatabase(clustered);
  });

  it('stored every table alike: each event once under FINAL', async () => {
    const tables = [
      'analytics_events',
      'session_facts',
      'site_visits',
      'symptom_checker_completions',
      'broken_links',
    ];
    for (const table of tables) {
      const count = (database: string) =>
        `SELECT count(), uniqExact(event_id) FROM ${database}.${table} FINAL`;
      const expected = await sortedRows(first, count(single));
      expect(await sortedRows(second, count(clustered))).toEqual(expected);
      expect(expected).not.toEqual(['[0,0]']);
    }
  });

  it.each(queries)('docs/analytics/%s answers the same rows', async (_file, sql) => {
    const inDatabase = (database: string) => sql.replaceAll('handcheck.', `${database}.`);
    const expected = await sortedRows(first, inDatabase(single));
    expect(expected.length).toBeGreaterThan(0);
    expect(await sortedRows(second, inDatabase(clustered))).toEqual(expected);
  });

  it("the weekly report's and the dashboard's rows are the same", async () => {
    const [fromOneNode, fromCluster] = [oneNode, reader].map(
      (service) => new AnalyticsRepository(service, new ReportEnv()),
    );
    const weekly = await fromOneNode.weeklyRows(TIME_ZONE, endDay);
    expect(weekly.daily.length).toBeGreaterThan(7);
    expect(await fromCluster.weeklyRows(TIME_ZONE, endDay)).toEqual(weekly);
    const dashboard = await fromOneNode.dashboardRows(TIME_ZONE, endDay, DASHBOARD_DAYS);
    expect(Number(dashboard.funnel?.started)).toBeGreaterThan(0);
    expect(dashboard.conditions.length).toBeGreaterThan(0);
    expect(await fromCluster.dashboardRows(TIME_ZONE, endDay, DASHBOARD_DAYS)).toEqual(dashboard);
  });
});
