// A migration's single-node statements, rewritten for a ClickHouse cluster.
// Every MergeTree table T becomes T_local, a Replicated*MergeTree on every
// server (ON CLUSTER), plus T, a Distributed table over T_local: readers and
// writers keep the names they use on one node, so the report's, the
// dashboard's and the analysts' SQL is the same text on both. Views read the
// Distributed tables; materialized views feed T_local from S_local on each
// server, so a row inserted on either replica is fed once and the fed rows
// replicate. Inserts (backfills) run once, through the Distributed tables.
// A statement of any other form is refused, so a new kind of DDL cannot run
// unreplicated on a cluster by accident.
import { sqlIdentifier } from './sql-literal';

export interface ClusterSchema {
  /** The cluster's name in the servers' remote_servers (CLICKHOUSE_CLUSTER). */
  cluster: string;
  /**
   * Which shard a row goes to, e.g. `cityHash64(event_id)`: duplicates of a row
   * must meet on one shard. A function gives each table its own.
   */
  shardingKey: string | ((table: string) => string);
}

/** The local (replicated) table behind the Distributed table `table`. */
export const localTable = (table: string) => `${table}_local`;

const NAME = String.raw`\{db\}\.(\w+)`;
const CREATE_TABLE = new RegExp(
  String.raw`^CREATE TABLE (IF NOT EXISTS )?${NAME} (\([^]*\)) ENGINE = (\w*MergeTree)(?:\(([^)]*)\))?([^]*)$`,
);
const CREATE_VIEW = new RegExp(String.raw`^CREATE VIEW (IF NOT EXISTS )?${NAME} AS\s+([^]*)$`);
const CREATE_FEED = new RegExp(
  String.raw`^CREATE MATERIALIZED VIEW (IF NOT EXISTS )?${NAME} TO ${NAME} AS\s+([^]*)$`,
);
const DROP = new RegExp(String.raw`^DROP TABLE (IF EXISTS )?${NAME}$`);
const RENAME = new RegExp(String.raw`^RENAME TABLE ([^]*)$`);
const FROM = new RegExp(String.raw`\bFROM ${NAME}`, 'g');

/**
 * The statements that do on cluster `schema.cluster` what `statement` (with
 * its `{db}` placeholder) does on one node. `run` names this run of the
 * migrations in new tables' ZooKeeper paths: a table made again after a
 * rename (a migration rerun part-way) must not meet the path its namesake
 * still holds.
 */
export function clusterStatements(statement: string, schema: ClusterSchema, run: string): string[] {
  const on = `ON CLUSTER ${sqlIdentifier(schema.cluster)}`;
  const text = statement.trim();
  const shardingKeyOf = (table: string) =>
    typeof schema.shardingKey === 'string' ? schema.shardingKey : schema.shardingKey(table);
  const distributed = (ifNotExists: string, table: string) =>
    `CREATE TABLE ${ifNotExists}{db}.${table} ${on} AS {db}.${localTable(table)} ENGINE = Distributed(${sqlIdentifier(schema.cluster)}, {db}, ${localTable(table)}, ${shardingKeyOf(table)})`;
  let match: RegExpExecArray | null;
  if ((match = CREATE_TABLE.exec(text))) {
    const [, ifNotExists = '', table, columns, engine, args, rest] = match;
    const local = localTable(table!);
    const path = `'/clickhouse/tables/{shard}/{db}/${local}/${sqlIdentifier(run)}'`;
    const engineArgs = [path, `'{replica}'`, ...(args?.trim() ? [args.trim()] : [])].join(', ');
    return [
      `CREATE TABLE ${ifNotExists}{db}.${local} ${on} ${columns} ENGINE = Replicated${engine}(${engineArgs})${rest}`,
      distributed(ifNotExists, table!),
    ];
  }
  if ((match = CREATE_FEED.exec(text))) {
    const [, ifNotExists = '', view, target, select] = match;
    const sources = [...select!.matchAll(FROM)];
    if (sources.length !== 1) throw new Error(`A materialized view must read one table: ${text}`);
    const fromLocal = select!.replace(
      FROM,
      (_, source: string) => `FROM {db}.${localTable(source)}`,
    );
    return [
      `CREATE MATERIALIZED VIEW ${ifNotExists}{db}.${view} ${on} TO {db}.${localTable(target!)} AS ${fromLocal}`,
    ];
  }
  if ((match = CREATE_VIEW.exec(text))) {
    const [, ifNotExists = '', view, select] = match;
    return [`CREATE VIEW ${ifNotExists}{db}.${view} ${on} AS ${select}`];
  }
  if ((match = DROP.exec(text))) {
    const [, ifExists = '', table] = match;
    // A view has no local table; a MergeTree table has both.
    return [
      `DROP TABLE ${ifExists}{db}.${table} ${on}`,
      `DROP TABLE IF EXISTS {db}.${localTable(table!)} ${on}`,
    ];
  }
  if ((match = RENAME.exec(text))) {
    const pairs = match[1]!.split(',').map((pair) => {
      const names = new RegExp(String.raw`^\s*${NAME} TO ${NAME}\s*$`).exec(pair);
      if (!names) throw new Error(`Cannot rename on a cluster: ${text}`);
      return { from: names[1]!, to: names[2]! };
    });
    const targets = new Set(pairs.map((pair) => pair.to));
    // A Distributed table reads its local table by name, so renaming the local
    // tables is the rename; then each new name gets its Distributed table, and
    // a name left without a local table loses its own.
    return [
      `RENAME TABLE ${pairs.map(({ from, to }) => `{db}.${localTable(from)} TO {db}.${localTable(to)}`).join(', ')} ${on}`,
      ...pairs.map(({ to }) => distributed('IF NOT EXISTS ', to)),
      ...pairs
        .filter(({ from }) => !targets.has(from))
        .map(({ from }) => `DROP TABLE IF EXISTS {db}.${from} ${on}`),
    ];
  }
  if (/^INSERT INTO /.test(text)) return [text];
  throw new Error(`No cluster form for this statement: ${text.slice(0, 80)}`);
}
