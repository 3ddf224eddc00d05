import { MIGRATIONS, SITE_VISITS_BY_TIME, VISITS_BY_TIME } from './schema';

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

  it('are numbered 1 to 4 in order, so migrate applies each after the one before on every database', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual([1, 2, 3, 4]);
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
