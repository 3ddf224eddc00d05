// The two ClickHouse replicas of profile scale, and the analytics schema on
// them as ingestion makes it: one database on the cluster (CLICKHOUSE_CLUSTER),
// another on clickhouse1 alone, the single-node schema, to compare against.
import { type ClickHouseClient } from '@clickhouse/client';
import {
  ClickHouseEnv,
  ClickHouseService,
  createClickHouse,
  sqlIdentifier,
} from '@handcheck/server-kit';
import { testInfra } from '@handcheck/server-kit/testing';
import { type AnalyticsEvent } from '@handcheck/contracts';
import { seededRandom, sessionEvents } from '../../scripts/analytics/traffic';
import { groupRows } from '../../services/ingestion/src/analytics/event-rows';
import { MIGRATIONS, SHARDING_KEY } from '../../services/ingestion/src/clickhouse/schema';

/** The cluster's name in deploy/clickhouse/cluster.xml.template. */
export const CLUSTER = 'handcheck';

/** clickhouse1 (infra.env) and clickhouse2, on profile scale's port beside it (deploy/engines/common.sh). */
export function replicaUrls(): [string, string] {
  const second = process.env.HANDCHECK_CLICKHOUSE2_HTTP_PORT ?? '25124';
  return [testInfra().clickhouseUrl, `http://127.0.0.1:${second}`];
}

/**
 * Ingestion's ClickHouse service for `database` at `url`, on the cluster or
 * on that one server; `start` applies the migrations as the service does.
 */
export function analyticsClickHouse(
  database: string,
  options: { url?: string; cluster?: boolean } = {},
): ClickHouseService {
  const env = Object.assign(new ClickHouseEnv(), {
    CLICKHOUSE_URL: options.url ?? replicaUrls()[0],
    CLICKHOUSE_DATABASE: database,
    CLICKHOUSE_CLUSTER: options.cluster ? CLUSTER : '',
  });
  return new ClickHouseService(env, { migrations: MIGRATIONS, shardingKey: SHARDING_KEY });
}

/** A client of one replica, without a default database. */
export function replica(url: string): ClickHouseClient {
  return createClickHouse({ url, database: 'default' });
}

/** Waits until `url`'s replica has fetched every part the others hold of `database`'s tables. */
export async function syncReplica(url: string, database: string): Promise<void> {
  const client = replica(url);
  try {
    const tables = await (
      await client.query({
        query: `SELECT name FROM system.tables WHERE database = '${sqlIdentifier(database)}' AND engine LIKE 'Replicated%'`,
        format: 'JSONEachRow',
      })
    ).json<{ name: string }>();
    for (const { name } of tables) {
      await client.command({ query: `SYSTEM SYNC REPLICA ${database}.${sqlIdentifier(name)}` });
    }
  } finally {
    await client.close();
  }
}

/** Drops `database` from every server of the cluster (and its tables' ZooKeeper paths). */
export async function dropClusterDatabase(database: string): Promise<void> {
  const client = replica(replicaUrls()[0]);
  try {
    await client.command({
      query: `DROP DATABASE IF EXISTS ${sqlIdentifier(database)} ON CLUSTER ${CLUSTER}`,
      clickhouse_settings: { wait_end_of_query: 1 },
    });
  } finally {
    await client.close();
  }
}

/** The rows a query answers on `url`, each row's values in column order, sorted: comparable across servers. */
export async function sortedRows(url: string, query: string): Promise<string[]> {
  const client = replica(url);
  try {
    const rows = await (await client.query({ query, format: 'JSONEachRow' })).json<object>();
    return rows.map((row) => JSON.stringify(Object.values(row))).sort();
  } finally {
    await client.close();
  }
}

/**
 * Stores the same 400 sessions of the last 20 days into each service's
 * database, as ingestion stores them, with redeliveries: some events twice,
 * a few of them with another time, as a browser's retry may carry.
 */
export async function seedSameEvents(services: readonly ClickHouseService[]): Promise<void> {
  const random = seededRandom(29);
  const now = Date.now();
  const events: AnalyticsEvent[] = [];
  for (let i = 0; i < 400; i++) {
    events.push(...sessionEvents(random, now - 20 * 86_400_000 * random() - 7_200_000));
  }
  const again = events.filter((_, i) => i % 9 === 0);
  const moved = events
    .filter((_, i) => i % 27 === 0)
    .map((event) => ({ ...event, occurredAtMs: event.occurredAtMs + 90_000n }));
  for (const batch of [events, again, moved]) {
    for (const [table, rows] of groupRows(batch)) {
      for (const service of services) await service.insert(table, rows);
    }
  }
}
