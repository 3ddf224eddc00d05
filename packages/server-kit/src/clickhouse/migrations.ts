import { type ClickHouseClient } from '@clickhouse/client';
import { sqlIdentifier, sqlInt, sqlString } from './sql-literal';

export interface Migration {
  version: number;
  name: string;
  /** Statements run in order; each must be idempotent (IF NOT EXISTS) so a half-applied migration can rerun. */
  statements: string[];
}

const LEDGER = 'schema_migrations';

/**
 * Applies, in version order, the migrations the ledger does not list yet.
 * Returns the versions it applied. Safe to run at every start.
 */
export async function migrate(
  server: ClickHouseClient,
  database: string,
  migrations: readonly Migration[],
): Promise<number[]> {
  const db = sqlIdentifier(database);
  await server.command({ query: `CREATE DATABASE IF NOT EXISTS ${db}` });
  await server.command({
    query: `CREATE TABLE IF NOT EXISTS ${db}.${LEDGER} (version UInt32, name String, applied_at DateTime) ENGINE = MergeTree ORDER BY version`,
  });
  const rows = await (
    await server.query({ query: `SELECT version FROM ${db}.${LEDGER}`, format: 'JSONEachRow' })
  ).json<{ version: number }>();
  const applied = new Set(rows.map((row) => Number(row.version)));
  const done: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    for (const statement of migration.statements) {
      await server.command({ query: statement.replaceAll('{db}', db) });
    }
    await server.command({
      query: `INSERT INTO ${db}.${LEDGER} (version, name, applied_at) VALUES (${sqlInt(migration.version)}, ${sqlString(migration.name)}, now())`,
    });
    done.push(migration.version);
  }
  return done;
}
