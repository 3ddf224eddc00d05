import { clusterStatements } from './cluster-ddl';

// What the rewriting makes of each form of statement; that the result runs
// and replicates is proven on the local cluster (tests/scale/clickhouse-cluster*).
describe('clusterStatements', () => {
  const schema = { cluster: 'handcheck', shardingKey: 'cityHash64(event_id)' };
  const cluster = (statement: string) => clusterStatements(statement, schema, 'r1');

  it('makes a MergeTree table a replicated local table and a Distributed table of its name', () => {
    expect(
      cluster(`CREATE TABLE IF NOT EXISTS {db}.visits (
      event_id String,
      at DateTime('UTC')
    ) ENGINE = ReplacingMergeTree
    PARTITION BY toYYYYMM(at)
    ORDER BY (at, event_id)`),
    ).toEqual([
      `CREATE TABLE IF NOT EXISTS {db}.visits_local ON CLUSTER handcheck (
      event_id String,
      at DateTime('UTC')
    ) ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/{db}/visits_local/r1', '{replica}')
    PARTITION BY toYYYYMM(at)
    ORDER BY (at, event_id)`,
      'CREATE TABLE IF NOT EXISTS {db}.visits ON CLUSTER handcheck AS {db}.visits_local ENGINE = Distributed(handcheck, {db}, visits_local, cityHash64(event_id))',
    ]);
  });

  it("keeps the engine's own arguments after the path and the replica", () => {
    const [local] = cluster(
      'CREATE TABLE {db}.t (v UInt32, x String) ENGINE = ReplacingMergeTree(v) ORDER BY x',
    );
    expect(local).toBe(
      "CREATE TABLE {db}.t_local ON CLUSTER handcheck (v UInt32, x String) ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/{db}/t_local/r1', '{replica}', v) ORDER BY x",
    );
  });

  it('feeds a materialized view from the local table into the local table, on every replica', () => {
    expect(
      cluster(`CREATE MATERIALIZED VIEW IF NOT EXISTS {db}.copy_feed TO {db}.copy AS
    SELECT event_id, CAST(at AS DateTime('UTC')) AS at FROM {db}.visits`),
    ).toEqual([
      "CREATE MATERIALIZED VIEW IF NOT EXISTS {db}.copy_feed ON CLUSTER handcheck TO {db}.copy_local AS SELECT event_id, CAST(at AS DateTime('UTC')) AS at FROM {db}.visits_local",
    ]);
  });

  it('refuses a materialized view reading more than one table', () => {
    expect(() =>
      cluster(
        'CREATE MATERIALIZED VIEW {db}.f TO {db}.t AS SELECT a FROM {db}.x WHERE a IN (SELECT a FROM {db}.y)',
      ),
    ).toThrow(/one table/);
  });

  it('creates a plain view on every server, reading the Distributed tables', () => {
    expect(
      cluster(`CREATE VIEW IF NOT EXISTS {db}.sessions AS
    SELECT session_id FROM {db}.facts FINAL GROUP BY session_id`),
    ).toEqual([
      'CREATE VIEW IF NOT EXISTS {db}.sessions ON CLUSTER handcheck AS SELECT session_id FROM {db}.facts FINAL GROUP BY session_id',
    ]);
  });

  it('runs an insert once, as written: through the Distributed tables', () => {
    const insert = 'INSERT INTO {db}.copy (event_id) SELECT event_id FROM {db}.visits';
    expect(cluster(insert)).toEqual([insert]);
  });

  it('drops the Distributed table (or view) and the local table, keeping IF EXISTS as written', () => {
    expect(cluster('DROP TABLE {db}.old')).toEqual([
      'DROP TABLE {db}.old ON CLUSTER handcheck',
      'DROP TABLE IF EXISTS {db}.old_local ON CLUSTER handcheck',
    ]);
    expect(cluster('DROP TABLE IF EXISTS {db}.old')[0]).toBe(
      'DROP TABLE IF EXISTS {db}.old ON CLUSTER handcheck',
    );
  });

  it('renames the local tables, gives each new name its Distributed table and drops those left without one', () => {
    expect(cluster('RENAME TABLE {db}.t TO {db}.t_old, {db}.t_new TO {db}.t')).toEqual([
      'RENAME TABLE {db}.t_local TO {db}.t_old_local, {db}.t_new_local TO {db}.t_local ON CLUSTER handcheck',
      'CREATE TABLE IF NOT EXISTS {db}.t_old ON CLUSTER handcheck AS {db}.t_old_local ENGINE = Distributed(handcheck, {db}, t_old_local, cityHash64(event_id))',
      'CREATE TABLE IF NOT EXISTS {db}.t ON CLUSTER handcheck AS {db}.t_local ENGINE = Distributed(handcheck, {db}, t_local, cityHash64(event_id))',
      'DROP TABLE IF EXISTS {db}.t_new ON CLUSTER handcheck',
    ]);
  });

  it('refuses a statement it has no cluster form for, rather than run it on one server', () => {
    expect(() => cluster('ALTER TABLE {db}.t DELETE WHERE 1')).toThrow(/No cluster form/);
    expect(() => cluster('CREATE TABLE {db}.t (x UInt8) ENGINE = Log')).toThrow(/No cluster form/);
  });

  it('refuses a cluster name that is not a plain identifier', () => {
    expect(() =>
      clusterStatements('DROP TABLE {db}.t', { ...schema, cluster: 'a; DROP' }, 'r1'),
    ).toThrow(/identifier/);
  });
});
