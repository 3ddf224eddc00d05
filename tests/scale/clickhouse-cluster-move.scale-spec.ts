import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ClickHouseService } from '@handcheck/server-kit';
import { REPO_ROOT, testClickHouseLogin, uniqueName } from '@handcheck/server-kit/testing';
import { moveToCluster } from '../../scripts/analytics/move-to-cluster';
import { AnalyticsRepository } from '../../services/report/src/analytics/analytics.repository';
import { ReportEnv } from '../../services/report/src/config/report.env';
import { dropDatabase } from '../support/clickhouse';
import {
  CLUSTER,
  analyticsClickHouse,
  dropClusterDatabase,
  replicaUrls,
  seedSameEvents,
  sortedRows,
  syncReplica,
} from './clickhouse-cluster';

// An install that ran on one server, populated, moved onto the cluster by the
// ops script (scripts/analytics/migrate-to-cluster.ts): afterwards the
// cluster answers every documented query and the weekly report as the single
// server did.
describe('moving a single-node install onto the ClickHouse cluster', () => {
  const single = uniqueName('hc_move_from');
  const clustered = uniqueName('hc_move_to');
  const [first, second] = replicaUrls();
  let oneNode: ClickHouseService;
  let reader: ClickHouseService;
  const move = () =>
    moveToCluster({
      from: { ...testClickHouseLogin(), url: first, database: single },
      to: { ...testClickHouseLogin(), url: second, database: clustered, cluster: CLUSTER },
    });

  beforeAll(async () => {
    oneNode = analyticsClickHouse(single, { url: first });
    await oneNode.onModuleInit();
    await seedSameEvents([oneNode]);
  });

  afterAll(async () => {
    await oneNode?.onApplicationShutdown();
    await reader?.onApplicationShutdown();
    await dropDatabase(single);
    await dropClusterDatabase(clustered);
  });

  it('copies every table and finds the same events on both sides', async () => {
    const moved = await move();
    expect(moved.map((m) => m.table)).toEqual([
      'analytics_events',
      'session_facts',
      'site_visits',
      'symptom_checker_completions',
      'broken_links',
      'visits_by_time',
    ]);
    for (const table of moved) {
      expect(table.single).toBeGreaterThan(0);
      expect(table.cluster).toBe(table.single);
    }
  });

  it('leaves the cluster answering every documented query and the weekly report as the single server did', async () => {
    await syncReplica(first, clustered);
    const files = readdirSync(join(REPO_ROOT, 'docs/analytics')).filter((f) => f.endsWith('.sql'));
    for (const file of files) {
      const sql = readFileSync(join(REPO_ROOT, 'docs/analytics', file), 'utf8');
      const inDatabase = (database: string) => sql.replaceAll('handcheck.', `${database}.`);
      // Read on the replica the script did not write to.
      expect([file, await sortedRows(first, inDatabase(clustered))]).toEqual([
        file,
        await sortedRows(first, inDatabase(single)),
      ]);
    }
    reader = analyticsClickHouse(clustered, { url: first, cluster: true });
    const endDay = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const [before, after] = [oneNode, reader].map(
      (service) => new AnalyticsRepository(service, new ReportEnv()),
    );
    const weekly = await before.weeklyRows('UTC', endDay);
    expect(weekly.daily.length).toBeGreaterThan(7);
    expect(await after.weeklyRows('UTC', endDay)).toEqual(weekly);
  });

  it('can run again after a failure part-way: the copies merge away', async () => {
    const moved = await move();
    for (const table of moved) expect(table.cluster).toBe(table.single);
    await syncReplica(first, clustered);
    const visits = (database: string) => `SELECT count() FROM ${database}.site_visits FINAL`;
    expect(await sortedRows(first, visits(clustered))).toEqual(
      await sortedRows(first, visits(single)),
    );
  });

  it('refuses to make the cluster schema over the single-node tables themselves', async () => {
    await expect(
      moveToCluster({
        from: { ...testClickHouseLogin(), url: first, database: single },
        to: { ...testClickHouseLogin(), url: first, database: single, cluster: CLUSTER },
      }),
    ).rejects.toThrow(/single-node tables/);
  });
});
