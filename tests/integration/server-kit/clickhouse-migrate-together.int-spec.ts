import { randomUUID } from 'node:crypto';
import { createClickHouseServerClient, migrate } from '@handcheck/server-kit';
import { testClickHouseLogin, uniqueName } from '@handcheck/server-kit/testing';
import { MIGRATIONS } from '../../../services/ingestion/src/clickhouse/schema';
import { dropDatabase, rows, testClickHouse } from '../../support/clickhouse';

// The chart runs two ingestion replicas against one ClickHouse: started
// together, both migrate. Under the ledger's lock one applies each migration
// and the other finds nothing left; without it, both would run v2's rebuild
// (copy, drop, rename) at once and one would fail on a table the other moved.
describe('two processes migrating one ClickHouse at once', () => {
  const database = uniqueName('hc_migrate_together');

  afterAll(async () => {
    await dropDatabase(database);
  });

  it('apply each migration exactly once and keep the rows', async () => {
    const server = () =>
      createClickHouseServerClient({ ...testClickHouseLogin(), database: 'default' });
    const seeder = server();
    await migrate(seeder, database, MIGRATIONS.slice(0, 1));
    const visits = Array.from({ length: 300 }, (_, i) => ({
      event_id: randomUUID(),
      session_id: `s${i % 30}`,
      page_path: '/',
      user_agent: 'test',
      referrer: '',
      created_at: '2026-11-20 12:00:00',
    }));
    await seeder.insert({
      table: `${database}.site_visits`,
      values: visits,
      format: 'JSONEachRow',
    });
    await seeder.close();

    const clients = [server(), server()];
    const applied = await Promise.all(
      clients.map((client) => migrate(client, database, MIGRATIONS)),
    );
    await Promise.all(clients.map((client) => client.close()));

    expect(applied.map((versions) => versions.join(',')).sort()).toEqual(['', '2,3,4,5,6']);
    const clickhouse = testClickHouse(database);
    try {
      expect(
        await rows(
          clickhouse,
          'SELECT version, count() AS n FROM schema_migrations GROUP BY version ORDER BY version',
        ),
      ).toEqual(MIGRATIONS.map(({ version }) => ({ version, n: 1 })));
      expect(await rows(clickhouse, 'SELECT count() AS n FROM site_visits FINAL')).toEqual([
        { n: 300 },
      ]);
      expect(await rows(clickhouse, 'SELECT uniqExact(event_id) AS n FROM visits_by_time')).toEqual(
        [{ n: 300 }],
      );
      expect(
        await rows(
          clickhouse,
          "SELECT count() AS n FROM system.tables WHERE database = currentDatabase() AND name = 'schema_migrations_lock'",
        ),
      ).toEqual([{ n: 0 }]);
    } finally {
      await clickhouse.close();
    }
  });
});
