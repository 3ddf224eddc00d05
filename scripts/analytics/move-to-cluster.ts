// Moves a single-node install's analytics onto a ClickHouse cluster: makes
// the cluster schema (the migrations ON CLUSTER, as ingestion with
// CLICKHOUSE_CLUSTER does), copies each table ingestion writes from the single
// server into its Distributed table on the cluster, and checks that every
// table then holds the same events. visits_by_time is not copied: the
// cluster's materialized view feeds it from the copied site_visits. Run it
// with ingestion stopped (events wait in Kafka); a rerun after a failure
// part-way copies again, and the copies merge away on the event id.
import { Transform } from 'node:stream';
import { type ClickHouseClient } from '@clickhouse/client';
import {
  type ClickHouseSettings,
  createClickHouse,
  ledgerSql,
  migrate,
  sqlIdentifier,
} from '@handcheck/server-kit';
import {
  MIGRATIONS,
  SHARDING_KEY,
  VISITS_BY_TIME,
} from '../../services/ingestion/src/clickhouse/schema';
import { TABLE_NAMES } from '../../services/ingestion/src/analytics/event-rows';

export interface MoveOptions {
  /** The single server and its analytics database. */
  from: ClickHouseSettings;
  /** One server of the cluster, the database to make there, and the cluster's name. */
  to: ClickHouseSettings & { cluster: string };
  log?: (line: string) => void;
}

/** Events in one table: on the single server, and on the cluster afterwards. */
export interface MovedTable {
  table: string;
  single: number;
  cluster: number;
}

/** Rows by event id once, however often delivered: what every report counts. */
const events = (database: string, table: string) =>
  `SELECT uniqExact(event_id) AS n FROM ${sqlIdentifier(database)}.${sqlIdentifier(table)}`;

async function count(client: ClickHouseClient, query: string): Promise<number> {
  const [row] = await (await client.query({ query, format: 'JSONEachRow' })).json<{ n: number }>();
  return Number(row?.n ?? 0);
}

export async function moveToCluster(options: MoveOptions): Promise<MovedTable[]> {
  const log = options.log ?? (() => undefined);
  const source = createClickHouse({ ...options.from, database: 'default' });
  const target = createClickHouse({ ...options.to, database: 'default' });
  const from = sqlIdentifier(options.from.database);
  const to = sqlIdentifier(options.to.database);
  try {
    const ledger = await (
      await source.query({ query: ledgerSql(from).versions, format: 'JSONEachRow' })
    ).json<{ version: number }>();
    const missing = MIGRATIONS.filter(
      (m) => !ledger.some((row) => Number(row.version) === m.version),
    );
    if (missing.length > 0) {
      throw new Error(
        `${from} lacks migrations ${missing.map((m) => m.version).join(', ')}: start ingestion on it once first`,
      );
    }
    const [existing] = await (
      await target.query({
        query: `SELECT engine FROM system.tables WHERE database = '${to}' AND name = 'site_visits'`,
        format: 'JSONEachRow',
      })
    ).json<{ engine: string }>();
    if (existing && existing.engine !== 'Distributed') {
      throw new Error(
        `${to} on the cluster server holds single-node tables: name another database`,
      );
    }
    const applied = await migrate(target, to, MIGRATIONS, {
      cluster: { cluster: options.to.cluster, shardingKey: SHARDING_KEY },
    });
    log(`cluster schema: ${applied.length ? `applied ${applied.join(', ')}` : 'already there'}`);

    for (const table of TABLE_NAMES) {
      const rows = (
        await source.query({ query: `SELECT * FROM ${from}.${table}`, format: 'JSONEachRow' })
      ).stream();
      const values = rows.pipe(
        new Transform({
          objectMode: true,
          transform(chunk: Array<{ json: () => unknown }>, _encoding, done) {
            for (const row of chunk) this.push(row.json());
            done();
          },
        }),
      );
      await target.insert({ table: `${to}.${table}`, values, format: 'JSONEachRow' });
      log(`copied ${table}`);
    }

    const moved: MovedTable[] = [];
    for (const table of [...TABLE_NAMES, VISITS_BY_TIME]) {
      moved.push({
        table,
        single: await count(source, events(from, table)),
        cluster: await count(target, events(to, table)),
      });
    }
    const differ = moved.filter((m) => m.single !== m.cluster);
    for (const m of moved)
      log(`${m.table}: ${m.single} events on the single server, ${m.cluster} on the cluster`);
    if (differ.length > 0)
      throw new Error(
        `The cluster holds other events than the single server in ${differ.map((m) => m.table).join(', ')}`,
      );
    return moved;
  } finally {
    await source.close();
    await target.close();
  }
}
