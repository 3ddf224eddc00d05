import { randomUUID } from 'node:crypto';
import { createClickHouse, migrate } from '@handcheck/server-kit';
import { testClickHouseLogin, uniqueName } from '@handcheck/server-kit/testing';
import { MIGRATIONS, SHARDING_KEY } from '../../services/ingestion/src/clickhouse/schema';
import { scaleEngine } from './scale-cluster';
import {
  CLUSTER,
  analyticsClickHouse,
  dropClusterDatabase,
  replicaUrls,
  sortedRows,
  syncReplica,
} from './clickhouse-cluster';

// Two ingestion replicas start together, one against each ClickHouse replica:
// the cluster's migrations run once, under the lock, and the other waits.
describe('analytics migrations on the ClickHouse cluster', () => {
  const cluster = { cluster: CLUSTER, shardingKey: SHARDING_KEY };
  const databases: string[] = [];
  const fresh = () => {
    const database = uniqueName('hc_cluster_migrate');
    databases.push(database);
    return database;
  };

  afterAll(async () => {
    for (const database of databases) await dropClusterDatabase(database);
  });

  it('two processes migrating at once apply each migration exactly once, data kept through the rebuilds', async () => {
    const database = fresh();
    const [first, second] = replicaUrls();
    // v1 alone first, populated, so v2's rebuild and v3/v4's backfills have rows to carry.
    const seeder = createClickHouse({
      ...testClickHouseLogin(),
      url: first,
      database: 'default',
      cluster: CLUSTER,
    });
    await migrate(seeder, database, MIGRATIONS.slice(0, 1), { cluster });
    const visits = Array.from({ length: 500 }, (_, i) => ({
      event_id: randomUUID(),
      session_id: `s${i % 50}`,
      page_path: `/page/${i % 7}`,
      user_agent: 'test',
      referrer: '',
      created_at: `2026-11-${String(10 + (i % 10)).padStart(2, '0')} 12:00:00`,
    }));
    await seeder.insert({
      table: `${database}.site_visits`,
      values: visits,
      format: 'JSONEachRow',
    });
    // A redelivery: the same events again.
    await seeder.insert({
      table: `${database}.site_visits`,
      values: visits.slice(0, 100),
      format: 'JSONEachRow',
    });
    await seeder.close();

    const clients = [first, second].map((url) =>
      createClickHouse({ ...testClickHouseLogin(), url, database: 'default', cluster: CLUSTER }),
    );
    const applied = await Promise.all(
      clients.map((client) => migrate(client, database, MIGRATIONS, { cluster })),
    );
    await Promise.all(clients.map((client) => client.close()));

    // One process applies every migration after v1 (made above), the other none.
    const afterV1 = MIGRATIONS.filter((m) => m.version > 1).map((m) => m.version);
    expect(applied.map((versions) => versions.join(',')).sort()).toEqual(['', afterV1.join(',')]);
    for (const url of [first, second]) {
      await syncReplica(url, database);
      expect(
        await sortedRows(
          url,
          `SELECT version, count() FROM ${database}.schema_migrations GROUP BY version`,
        ),
      ).toEqual(MIGRATIONS.map((m) => `[${m.version},1]`));
      expect(
        await sortedRows(
          url,
          `SELECT count(), uniqExact(event_id) FROM ${database}.site_visits FINAL`,
        ),
      ).toEqual(['[500,500]']);
      expect(
        await sortedRows(url, `SELECT uniqExact(event_id) FROM ${database}.visits_by_time`),
      ).toEqual(['[500]']);
    }
    // Each replica holds every table, replicated, with its Distributed table in front.
    const tables = `SELECT name, engine FROM system.tables WHERE database = '${database}'`;
    const onFirst = await sortedRows(first, tables);
    expect(await sortedRows(second, tables)).toEqual(onFirst);
    expect(onFirst).toContain('["visits_by_time_local","ReplicatedReplacingMergeTree"]');
    expect(onFirst).toContain('["visits_by_time","Distributed"]');
    expect(onFirst).toContain('["visits_by_time_feed","MaterializedView"]');
    expect(onFirst).not.toContainEqual(expect.stringContaining('schema_migrations_lock'));
  });

  it("two ingestion replicas' ClickHouse services start together on an empty cluster and share one schema", async () => {
    const database = fresh();
    const [first, second] = replicaUrls();
    const services = [first, second].map((url) =>
      analyticsClickHouse(database, { url, cluster: true }),
    );
    await Promise.all(services.map((service) => service.onModuleInit()));
    for (const service of services) await service.onApplicationShutdown();

    for (const url of [first, second]) {
      await syncReplica(url, database);
      expect(
        await sortedRows(
          url,
          `SELECT version, count() FROM ${database}.schema_migrations GROUP BY version`,
        ),
      ).toEqual(MIGRATIONS.map((m) => `[${m.version},1]`));
    }
    // A row inserted through one replica's Distributed table is read on the other.
    const writer = createClickHouse({
      ...testClickHouseLogin(),
      url: first,
      database,
      cluster: CLUSTER,
    });
    await writer.insert({
      table: 'broken_links',
      values: [
        {
          event_id: randomUUID(),
          session_id: 's',
          requested_path: '/x',
          referrer: null,
          user_agent: 't',
          created_at: '2026-11-20 10:00:00',
        },
      ],
      format: 'JSONEachRow',
    });
    await writer.close();
    await syncReplica(second, database);
    expect(await sortedRows(second, `SELECT count() FROM ${database}.broken_links_local`)).toEqual([
      '[1]',
    ]);
  });

  it('an ingestion replica restarting while the other ClickHouse replica is down starts on the migrated schema', async () => {
    const database = fresh();
    const [first] = replicaUrls();
    const client = createClickHouse({
      ...testClickHouseLogin(),
      url: first,
      database: 'default',
      cluster: CLUSTER,
    });
    try {
      expect(await migrate(client, database, MIGRATIONS, { cluster })).toEqual(
        MIGRATIONS.map((m) => m.version),
      );
      scaleEngine('stop', 'clickhouse2');
      try {
        // No ON CLUSTER statement, which would wait for the stopped server.
        expect(await migrate(client, database, MIGRATIONS, { cluster, lockWaitMs: 0 })).toEqual([]);
      } finally {
        scaleEngine('start', 'clickhouse2');
      }
    } finally {
      await client.close();
    }
  });
});
