import { randomUUID } from 'node:crypto';
import { type ClickHouseClient, type ClickHouseSettings } from '@clickhouse/client';
import { clickHouseErrorCode } from './clickhouse-client';
import { type ClusterSchema, clusterStatements } from './cluster-ddl';
import { sqlIdentifier, sqlInt, sqlString } from './sql-literal';

export interface Migration {
  version: number;
  name: string;
  /** Statements run in order; each must be idempotent (IF NOT EXISTS) so a half-applied migration can rerun. */
  statements: string[];
}

export interface MigrateOptions {
  /** Set: the schema is made on this cluster, replicated (cluster-ddl.ts); absent: on the one server. */
  cluster?: ClusterSchema;
  /** How long to wait while another process migrates the cluster (10 minutes by default). */
  lockWaitMs?: number;
}

const LEDGER = 'schema_migrations';
const LEDGER_COLUMNS = '(version UInt32, name String, applied_at DateTime)';
const LOCK = 'schema_migrations_lock';
/** ClickHouse's "table already exists": the lock is held. */
const TABLE_EXISTS = 57;

/** What migrate() runs around the migrations on one server (also run by the current-ClickHouse check). */
export function ledgerSql(database: string) {
  const db = sqlIdentifier(database);
  return {
    create: [
      `CREATE DATABASE IF NOT EXISTS ${db}`,
      `CREATE TABLE IF NOT EXISTS ${db}.${LEDGER} ${LEDGER_COLUMNS} ENGINE = MergeTree ORDER BY version`,
    ],
    versions: `SELECT version FROM ${db}.${LEDGER}`,
    record: (migration: Migration) =>
      `INSERT INTO ${db}.${LEDGER} (version, name, applied_at) VALUES (${sqlInt(migration.version)}, ${sqlString(migration.name)}, now())`,
    /** Refused ("already exists") while another process holds it: see takeLock. */
    lock: `CREATE TABLE ${db}.${LOCK} (locked UInt8) ENGINE = Log`,
    unlock: `DROP TABLE IF EXISTS ${db}.${LOCK}`,
  };
}

/** A migration's statements on one server, the database filled in. */
export function migrationSql(migration: Migration, database: string): string[] {
  const db = sqlIdentifier(database);
  return migration.statements.map((statement) => statement.replaceAll('{db}', db));
}

/**
 * Applies, in version order, the migrations the ledger does not list yet.
 * Returns the versions it applied. Safe to run at every start, and by several
 * processes at once (replicas starting together): under a lock, one applies,
 * the others wait for it and find nothing left to do.
 */
export async function migrate(
  server: ClickHouseClient,
  database: string,
  migrations: readonly Migration[],
  options: MigrateOptions = {},
): Promise<number[]> {
  const lockWaitMs = options.lockWaitMs ?? 600_000;
  if (options.cluster) {
    return migrateCluster(server, database, migrations, options.cluster, lockWaitMs);
  }
  const ledger = ledgerSql(database);
  const run = (query: string) => server.command({ query });
  for (const statement of ledger.create) await run(statement);
  return underLock(server, database, migrations, run, ledger, lockWaitMs, (m) =>
    migrationSql(m, database),
  );
}

/**
 * Applies what the ledger lacks while holding the lock, which `lock` creates
 * and `unlock` drops. Nothing is locked when nothing is pending (every start
 * after the first).
 */
async function underLock(
  server: ClickHouseClient,
  database: string,
  migrations: readonly Migration[],
  run: (query: string) => Promise<unknown>,
  statements: { lock: string; unlock: string; sync?: string },
  lockWaitMs: number,
  sql: (migration: Migration) => string[],
): Promise<number[]> {
  const pending = async () => {
    if (statements.sync) await run(statements.sync);
    const applied = await appliedVersions(server, database);
    return migrations.some((migration) => !applied.has(migration.version));
  };
  if (!(await pending())) return [];
  await takeLock(server, run, `${sqlIdentifier(database)}.${LOCK}`, statements, lockWaitMs);
  try {
    // What the last holder of the lock left.
    if (!(await pending())) return [];
    return await applyPending(server, database, migrations, sql, run);
  } finally {
    await run(statements.unlock);
  }
}

async function appliedVersions(server: ClickHouseClient, database: string): Promise<Set<number>> {
  const result = await server.query({ query: ledgerSql(database).versions, format: 'JSONEachRow' });
  return new Set((await result.json<{ version: number }>()).map((row) => Number(row.version)));
}

/** Runs the migrations not in the ledger, each as `sql` makes its statements, and records each. */
async function applyPending(
  server: ClickHouseClient,
  database: string,
  migrations: readonly Migration[],
  sql: (migration: Migration) => string[],
  run: (query: string) => Promise<unknown>,
): Promise<number[]> {
  const ledger = ledgerSql(database);
  const applied = await appliedVersions(server, database);
  const done: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    for (const statement of sql(migration)) await run(statement);
    await run(ledger.record(migration));
    done.push(migration.version);
  }
  return done;
}

/**
 * The cluster's ledger is a ReplicatedMergeTree every server holds, and its
 * lock a table made ON CLUSTER without IF NOT EXISTS: ZooKeeper orders the
 * ON CLUSTER queue, every server runs it in that order, so of two processes
 * creating the lock at once exactly one succeeds and the other is told the
 * table exists. Chosen over a MongoDB lease because ingestion needs no
 * MongoDB, and the cluster cannot run ON CLUSTER without ZooKeeper anyway.
 */
async function migrateCluster(
  server: ClickHouseClient,
  database: string,
  migrations: readonly Migration[],
  schema: ClusterSchema,
  lockWaitMs: number,
): Promise<number[]> {
  const db = sqlIdentifier(database);
  const on = `ON CLUSTER ${sqlIdentifier(schema.cluster)}`;
  // Buffered, so a failure on any server is an HTTP error, not a 200 whose
  // body ends in it; backfills done on every shard before the next statement.
  const settings: ClickHouseSettings = { wait_end_of_query: 1, insert_distributed_sync: 1 };
  const run = (query: string) =>
    server.command({ query: query.replaceAll('{db}', db), clickhouse_settings: settings });
  // A version is in the ledger only once applied, so this server's copy listing
  // them all is enough: no ON CLUSTER statement, which would wait for every
  // server, and a start while one replica is down goes ahead.
  if (await tableExists(server, `${db}.${LEDGER}`)) {
    const applied = await appliedVersions(server, database);
    if (migrations.every((migration) => applied.has(migration.version))) return [];
  }
  await run(`CREATE DATABASE IF NOT EXISTS {db} ${on}`);
  await run(
    `CREATE TABLE IF NOT EXISTS {db}.${LEDGER} ${on} ${LEDGER_COLUMNS} ENGINE = ReplicatedMergeTree('/clickhouse/handcheck/{db}/${LEDGER}', '{replica}') ORDER BY version`,
  );
  const runId = `r${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const lockStatements = {
    lock: `CREATE TABLE ${db}.${LOCK} ${on} (locked UInt8) ENGINE = Log`,
    unlock: `DROP TABLE IF EXISTS ${db}.${LOCK} ${on}`,
    // The ledger as the other servers (and the last holder of the lock) left it.
    sync: `SYSTEM SYNC REPLICA ${db}.${LEDGER}`,
  };
  return underLock(server, database, migrations, run, lockStatements, lockWaitMs, (migration) =>
    migration.statements.flatMap((statement) => clusterStatements(statement, schema, runId)),
  );
}

async function tableExists(server: ClickHouseClient, table: string): Promise<boolean> {
  const result = await server.query({ query: `EXISTS TABLE ${table}`, format: 'JSONEachRow' });
  const [row] = await result.json<{ result: number }>();
  return Number(row?.result) === 1;
}

/** Runs `lock`, the CREATE of `table`, waiting while the table exists. */
async function takeLock(
  server: ClickHouseClient,
  run: (query: string) => Promise<unknown>,
  table: string,
  { lock, unlock }: { lock: string; unlock: string },
  lockWaitMs: number,
): Promise<void> {
  const deadline = Date.now() + lockWaitMs;
  for (;;) {
    // Looked at first: a refused CREATE is logged as an error by the client.
    if (!(await tableExists(server, table))) {
      try {
        await run(lock);
        return;
      } catch (error) {
        if (clickHouseErrorCode(error) !== TABLE_EXISTS) throw error;
      }
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Another process has held the migration lock for over ${lockWaitMs} ms. If none is migrating (it died), drop the lock: ${unlock}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
