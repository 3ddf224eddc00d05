import { clusterStatements } from '@handcheck/server-kit';
import {
  MIGRATIONS,
  SHARDING_KEY,
  SITE_VISITS_BY_TIME,
  VISITS_BY_TIME,
  VISIT_DELIVERIES_BY_HOUR,
} from './schema';

// What can be checked without an engine; the behaviour on data (backfill,
// feed, redeliveries, a rerun) is in tests/integration/report/report-visits-by-time.
describe('analytics migrations', () => {
  const v3 = MIGRATIONS.find((m) => m.version === 3)!;
  const v1SiteVisits = MIGRATIONS[0]!.statements.find((s) => s.includes('{db}.site_visits ('))!;
  const columnsOf = (statement: string) =>
    /\(([^]*?)\)\s*ENGINE/
      .exec(statement)![1]!
      .split(',')
      .map((column) => column.trim().split(/\s+/).join(' '));

  it('are numbered 1 to 6 in order, so migrate applies each after the one before on every database', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("v6 drops v5's view, then its table, and nothing else, so a rerun is safe", () => {
    expect(MIGRATIONS.find((m) => m.version === 6)!.statements).toEqual([
      `DROP TABLE IF EXISTS {db}.${VISIT_DELIVERIES_BY_HOUR}_feed`,
      `DROP TABLE IF EXISTS {db}.${VISIT_DELIVERIES_BY_HOUR}`,
    ]);
  });

  it('v3 creates and feeds only with IF NOT EXISTS, so a rerun after a failure part-way is safe', () => {
    const [table, view, backfill] = v3.statements;
    expect(table).toMatch(
      new RegExp(`^CREATE TABLE IF NOT EXISTS \\{db\\}\\.${SITE_VISITS_BY_TIME} `),
    );
    expect(view).toMatch(/^CREATE MATERIALIZED VIEW IF NOT EXISTS /);
    // Additive: nothing of v1 or v2 is dropped, renamed or altered.
    expect(v3.statements.join('\n')).not.toMatch(/\b(DROP|RENAME|ALTER)\b/);
    // The backfill comes after the view: a row inserted in between is copied twice, never lost.
    expect(backfill).toMatch(/^INSERT INTO \{db\}\.site_visits_by_time \(/);
    expect(v3.statements).toHaveLength(3);
  });

  it("v3's copy has the columns the report reads, typed as in site_visits, sorted on the time, with the same engine", () => {
    const [table] = v3.statements;
    const reported = ['event_id', 'page_path', 'referrer', 'created_at'];
    expect(columnsOf(table!)).toEqual(
      columnsOf(v1SiteVisits).filter((column) => reported.includes(column.split(' ')[0]!)),
    );
    expect(columnsOf(table!)).toHaveLength(reported.length);
    expect(table).toContain('ENGINE = ReplacingMergeTree');
    expect(table).toContain('ORDER BY (created_at, event_id)');
  });

  it('v3 feeds and backfills each of its columns by name, cast to its type', () => {
    const [, view, backfill] = v3.statements;
    for (const column of columnsOf(v3.statements[0]!)) {
      const [name, ...type] = column.split(' ');
      const cast = `CAST(${name} AS ${type.join(' ')}) AS ${name}`;
      expect(view).toContain(cast);
      expect(backfill).toContain(cast);
    }
    expect(view).toMatch(/FROM \{db\}\.site_visits$/);
    expect(backfill).toMatch(/FROM \{db\}\.site_visits$/);
  });

  describe('v4', () => {
    const v4 = MIGRATIONS.find((m) => m.version === 4)!;
    const [table, view, backfill, ...drops] = v4.statements;

    it('creates the UUID copy, feeds it, backfills it, and only then drops the v3 copy', () => {
      expect(table).toMatch(
        new RegExp(`^CREATE TABLE IF NOT EXISTS \\{db\\}\\.${VISITS_BY_TIME} `),
      );
      expect(view).toMatch(
        new RegExp(`^CREATE MATERIALIZED VIEW IF NOT EXISTS \\{db\\}\\.${VISITS_BY_TIME}_feed TO `),
      );
      expect(backfill).toMatch(new RegExp(`^INSERT INTO \\{db\\}\\.${VISITS_BY_TIME} \\(`));
      // Rerunnable: nothing but IF EXISTS drops, and only of v3's view and copy.
      expect(drops).toEqual([
        `DROP TABLE IF EXISTS {db}.${SITE_VISITS_BY_TIME}_feed`,
        `DROP TABLE IF EXISTS {db}.${SITE_VISITS_BY_TIME}`,
      ]);
      expect(v4.statements.join('\n')).not.toMatch(/\b(RENAME|ALTER)\b/);
    });

    it("keeps v3's columns, sort key and engine, with the event id as a UUID", () => {
      const v3Table = v3.statements[0]!;
      expect(columnsOf(table!)).toEqual(
        columnsOf(v3Table).map((column) =>
          column.startsWith('event_id ') ? 'event_id UUID' : column,
        ),
      );
      expect(table).toContain('ENGINE = ReplacingMergeTree');
      expect(table).toContain('ORDER BY (created_at, event_id)');
    });

    it('feeds and backfills with the same SELECT from site_visits', () => {
      const select = (statement: string) => statement.slice(statement.indexOf('SELECT '));
      expect(select(view!)).toBe(select(backfill!));
      expect(view).toMatch(/FROM \{db\}\.site_visits$/);
      expect(view).toContain('toUUID(');
    });
  });
});

describe('analytics migrations on a cluster', () => {
  const schema = { cluster: 'handcheck', shardingKey: SHARDING_KEY };
  const all = MIGRATIONS.flatMap((m) =>
    m.statements.flatMap((s) => clusterStatements(s, schema, 'r1')),
  );

  it('every statement has a cluster form, each ON CLUSTER but the backfills', () => {
    for (const statement of all) {
      if (statement.startsWith('INSERT INTO ')) expect(statement).not.toContain('ON CLUSTER');
      else expect(statement).toContain('ON CLUSTER handcheck');
    }
  });

  it('every analytics table is replicated, with a Distributed table of its name in front', () => {
    const tables = [
      'analytics_events',
      'session_facts',
      'site_visits',
      'symptom_checker_completions',
      'broken_links',
      VISITS_BY_TIME,
    ];
    for (const table of tables) {
      expect(all).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^CREATE TABLE IF NOT EXISTS \\{db\\}\\.${table}_local ON CLUSTER handcheck [^]*ENGINE = ReplicatedReplacingMergeTree\\('/clickhouse/tables/\\{shard\\}/\\{db\\}/${table}_local/r1', '\\{replica\\}'\\)`,
          ),
        ),
      );
      expect(all).toContain(
        `CREATE TABLE IF NOT EXISTS {db}.${table} ON CLUSTER handcheck AS {db}.${table}_local ENGINE = Distributed(handcheck, {db}, ${table}_local, cityHash64(event_id))`,
      );
    }
  });

  it('sums the visit deliveries per hour on each replica, sharded on the hour (they have no event id)', () => {
    expect(all).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^CREATE TABLE IF NOT EXISTS \\{db\\}\\.${VISIT_DELIVERIES_BY_HOUR}_local ON CLUSTER handcheck [^]*ENGINE = ReplicatedSummingMergeTree\\('/clickhouse/tables/\\{shard\\}/\\{db\\}/${VISIT_DELIVERIES_BY_HOUR}_local/r1', '\\{replica\\}'\\)`,
        ),
      ),
    );
    expect(all).toContain(
      `CREATE TABLE IF NOT EXISTS {db}.${VISIT_DELIVERIES_BY_HOUR} ON CLUSTER handcheck AS {db}.${VISIT_DELIVERIES_BY_HOUR}_local ENGINE = Distributed(handcheck, {db}, ${VISIT_DELIVERIES_BY_HOUR}_local, cityHash64(hour))`,
    );
    expect(all).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^CREATE MATERIALIZED VIEW IF NOT EXISTS \\{db\\}\\.${VISIT_DELIVERIES_BY_HOUR}_feed ON CLUSTER handcheck TO \\{db\\}\\.${VISIT_DELIVERIES_BY_HOUR}_local AS [^]* FROM \\{db\\}\\.site_visits_local GROUP BY hour$`,
        ),
      ),
    );
  });

  it("feeds the report's copy from each replica's local site_visits", () => {
    expect(all).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^CREATE MATERIALIZED VIEW IF NOT EXISTS \\{db\\}\\.${VISITS_BY_TIME}_feed ON CLUSTER handcheck TO \\{db\\}\\.${VISITS_BY_TIME}_local AS [^]* FROM \\{db\\}\\.site_visits_local$`,
        ),
      ),
    );
  });
});
