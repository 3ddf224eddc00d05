import { randomUUID } from 'node:crypto';
import { type ClickHouseClient } from '@clickhouse/client';
import { createClickHouseServerClient, migrate, sqlIdentifier } from '@handcheck/server-kit';
import { testClickHouseLogin, uniqueName } from '@handcheck/server-kit/testing';
import { MIGRATIONS } from '../../../services/ingestion/src/clickhouse/schema';
import { addDays, localDate } from '../../../services/report/src/weekly/report-days';
import {
  WEEKLY_QUERIES,
  type WindowLiterals,
  dailyVisitsSql,
} from '../../../services/report/src/weekly/weekly-sql';
import { seededRandom } from '../../../scripts/analytics/traffic';
import { dropDatabase, rows, testClickHouse } from '../../support/clickhouse';
import { clickhouseTime, migrateClickHouse } from '../../support/report-seed';

jest.setTimeout(120_000);

// The weekly report reads visits_by_time (ingestion's migrations v3 and v4), the
// copy of site_visits sorted on the time. Here: the migration on a database
// that already has visits, the feed, a rerun, and the report's numbers,
// redeliveries included, against the same SQL on site_visits (as it ran before).

const ZONE = 'Europe/London';
const PAGES = ['/', '/about', '/symptom-checker', '/faq', '/specialists'];
const REFERRERS = [
  '',
  'https://www.google.com/search',
  'https://www.nhs.uk/page',
  'https://duckduckgo.com/',
];

type Visit = Record<
  'event_id' | 'session_id' | 'page_path' | 'user_agent' | 'referrer' | 'created_at',
  string
>;

/** UTC 'YYYY-MM-DD hh:mm:ss' of an instant, as ClickHouse takes it. */
const at = clickhouseTime;

/** `count` visits spread at random over the last `days` days (seeded: the same every run). */
function visits(seed: number, count: number, days: number): Visit[] {
  const random = seededRandom(seed);
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => ({
    event_id: randomUUID(),
    session_id: `s${i % 37}`,
    // Uneven, so the top 3 are decided by counts, with ties broken by name.
    page_path: PAGES[Math.floor(random() ** 2 * PAGES.length)]!,
    user_agent: 'test',
    referrer: REFERRERS[Math.floor(random() * REFERRERS.length)]!,
    created_at: at(now - Math.floor(random() * days * 86_400_000)),
  }));
}

async function insert(client: ClickHouseClient, values: Visit[]): Promise<void> {
  await client.insert({ table: 'site_visits', values, format: 'JSONEachRow' });
}

/** Every distinct row of a table in the copy's columns, sorted: what it holds, whatever is merged yet. */
const distinctRows = (client: ClickHouseClient, table: string) =>
  rows<Visit>(
    client,
    `SELECT DISTINCT event_id, page_path, referrer, toString(created_at) AS created_at
     FROM ${table} ORDER BY created_at, toString(event_id), page_path, referrer`,
  );

const countOf = async (client: ClickHouseClient, sql: string) =>
  Number((await rows<{ n: number | string }>(client, sql))[0]?.n);

/** Names of the tables (views included) in a database matching a LIKE pattern. */
const tablesLike = async (client: ClickHouseClient, database: string, pattern: string) =>
  (
    await rows<{ name: string }>(
      client,
      `SELECT name FROM system.tables WHERE database = '${database}' AND name LIKE '${pattern}' ORDER BY name`,
    )
  ).map((row) => row.name);

/** The report's queries (and the dashboard's daily visits), by name. */
function reportQueries(window: WindowLiterals): Array<[string, string]> {
  return [
    ...WEEKLY_QUERIES.map((query) => [query.file, query.sql(window)] as [string, string]),
    ['dashboard daily visits', dailyVisitsSql(window, 28)],
  ];
}

/** The same query on site_visits: the report's SQL before v3. */
const onSiteVisits = (sql: string) => sql.replace(/\.visits_by_time\n/g, '.site_visits\n');

describe('visits_by_time: the weekly report reads visits sorted on the time', () => {
  interface Db {
    database: string;
    clickhouse: ClickHouseClient;
    window: WindowLiterals;
  }
  const endDay = localDate(new Date(), ZONE);
  const made: Db[] = [];
  let server: ClickHouseClient;

  /** An empty database of the test's own. */
  function fresh(): Db {
    const database = uniqueName('hc_by_time');
    const db = {
      database,
      clickhouse: testClickHouse(database),
      window: { database, timeZone: ZONE, endDay },
    };
    made.push(db);
    return db;
  }

  /** Visits before v4 (some delivered twice), then v4 and the rest, then more visits. */
  async function seeded(): Promise<Db> {
    const db = fresh();
    await migrate(
      server,
      db.database,
      MIGRATIONS.filter((m) => m.version < 4),
    );
    const existing = visits(1, 3000, 30);
    await insert(db.clickhouse, existing);
    await insert(db.clickhouse, existing.slice(0, 300));
    await migrate(server, db.database, MIGRATIONS);
    await insert(db.clickhouse, visits(2, 2000, 20));
    return db;
  }

  /** Each query's rows on the copy and, as before, on site_visits. */
  async function answers({
    clickhouse,
    window,
  }: Db): Promise<{ copy: unknown[][]; before: unknown[][] }> {
    const queries = reportQueries(window);
    return {
      copy: await Promise.all(queries.map(([, sql]) => rows(clickhouse, sql))),
      before: await Promise.all(queries.map(([, sql]) => rows(clickhouse, onSiteVisits(sql)))),
    };
  }

  beforeAll(async () => {
    server = createClickHouseServerClient({ ...testClickHouseLogin(), database: 'default' });
  });

  afterAll(async () => {
    await server?.close();
    for (const { clickhouse, database } of made) {
      await clickhouse.close();
      await dropDatabase(database);
    }
  });

  it('v4 copies the visits of a database that already has some, and feeds it every insert after', async () => {
    const { database, clickhouse } = fresh();
    expect(
      await migrate(
        server,
        database,
        MIGRATIONS.filter((m) => m.version < 4),
      ),
    ).toEqual([1, 2, 3]);
    const existing = visits(1, 3000, 30);
    await insert(clickhouse, existing);
    // A redelivery of some of them, before the migration: two copies in site_visits until it merges.
    await insert(clickhouse, existing.slice(0, 300));

    expect(await migrate(server, database, MIGRATIONS)).toEqual([4, 5, 6]);
    // v3's copy and its view are gone, and v5's counts (v6): nothing feeds a table no one reads.
    expect(await tablesLike(clickhouse, database, 'site_visits_by_time%')).toEqual([]);
    expect(await tablesLike(clickhouse, database, 'visit_deliveries%')).toEqual([]);
    expect(await distinctRows(clickhouse, 'visits_by_time')).toEqual(
      await distinctRows(clickhouse, 'site_visits'),
    );
    expect(await countOf(clickhouse, 'SELECT uniqExact(event_id) AS n FROM visits_by_time')).toBe(
      3000,
    );

    // After: ingestion's inserts into site_visits reach the copy through the view.
    await insert(clickhouse, visits(2, 2000, 20));
    expect(await distinctRows(clickhouse, 'visits_by_time')).toEqual(
      await distinctRows(clickhouse, 'site_visits'),
    );
    expect(await countOf(clickhouse, 'SELECT uniqExact(event_id) AS n FROM visits_by_time')).toBe(
      5000,
    );
  });

  it('v3 and v4 can run their statements again after a failure part-way, losing nothing and counting nothing twice', async () => {
    const db = await seeded();
    const { database, clickhouse } = db;
    const before = await answers(db);
    const again = MIGRATIONS.filter((m) => m.version >= 3).flatMap((m) => m.statements);
    // As if the ledger writes had failed: every statement runs a second time (the backfills too).
    for (const statement of again) {
      await server.command({ query: statement.replaceAll('{db}', sqlIdentifier(database)) });
    }
    expect(await distinctRows(clickhouse, 'visits_by_time')).toEqual(
      await distinctRows(clickhouse, 'site_visits'),
    );
    expect(await answers(db)).toEqual(before);
    // Still one view: an insert arrives once more, not twice more.
    const one = visits(3, 1, 1);
    await insert(clickhouse, one);
    expect(
      await countOf(
        clickhouse,
        `SELECT count() AS n FROM visits_by_time WHERE event_id = '${one[0]!.event_id}'`,
      ),
    ).toBe(1);
  });

  it('the report answers exactly what the same SQL on site_visits answers, top 3 and growth included', async () => {
    const db = await seeded();
    const { copy, before } = await answers(db);
    const names = reportQueries(db.window).map(([name]) => name);
    expect(Object.fromEntries(names.map((name, i) => [name, copy[i]]))).toEqual(
      Object.fromEntries(names.map((name, i) => [name, before[i]])),
    );
    // Not vacuous: both weeks have visits, the growth is a number, the tops are full.
    const [totals] = copy[0] as Array<{
      this_week: number;
      previous_week: number;
      growth_percent: number | null;
    }>;
    expect(Number(totals!.this_week)).toBeGreaterThan(0);
    expect(Number(totals!.previous_week)).toBeGreaterThan(0);
    expect(totals!.growth_percent).not.toBeNull();
    expect(copy[2]).toHaveLength(3);
    expect(copy[3]).toHaveLength(3);
  });

  it('a redelivered batch changes nothing, before the merges and after them', async () => {
    const db = await seeded();
    const { database, clickhouse, window } = db;
    const first = await answers(db);
    const inWindow = await rows<Visit>(
      clickhouse,
      // The alias would shadow the column in WHERE on 18.16: the window is chosen in a subquery.
      `SELECT DISTINCT event_id, session_id, page_path, user_agent, referrer, toString(created_at) AS created_at
       FROM (
         SELECT * FROM site_visits
         WHERE created_at >= toDateTime(toDate('${addDays(window.endDay!, -14)}'), '${ZONE}')
       )
       ORDER BY event_id LIMIT 500`,
    );
    expect(inWindow.length).toBe(500);
    // Kafka delivers the same batch again: the same rows into site_visits, once more.
    await insert(clickhouse, inWindow);
    await insert(clickhouse, inWindow.slice(0, 100));
    expect(await answers(db)).toEqual(first);
    // The background merges drop the copies in both tables; the numbers stay.
    await server.command({ query: `OPTIMIZE TABLE ${sqlIdentifier(database)}.site_visits FINAL` });
    await server.command({
      query: `OPTIMIZE TABLE ${sqlIdentifier(database)}.visits_by_time FINAL`,
    });
    expect(await answers(db)).toEqual(first);
    expect(
      await countOf(
        clickhouse,
        'SELECT count() - uniqExact(event_id, created_at) AS n FROM visits_by_time',
      ),
    ).toBe(0);
  });

  it('a retry that came back with another time the same day counts once, as on site_visits', async () => {
    // A database of its own: site_visits keeps one row of an id once merged, so another
    // test's retry there could move a figure between this test's two reads.
    const db = await seeded();
    const { clickhouse, window } = db;
    const before = await answers(db);
    const [visit] = visits(4, 1, 1);
    const noon = Date.parse(`${addDays(window.endDay!, -2)}T12:00:00Z`);
    await insert(clickhouse, [{ ...visit!, created_at: at(noon) }]);
    const once = await answers(db);
    await insert(clickhouse, [{ ...visit!, created_at: at(noon + 3_600_000) }]);
    // Two rows in the copy (two sort keys), one visit in every figure.
    expect(
      await countOf(
        clickhouse,
        `SELECT count() AS n FROM visits_by_time WHERE event_id = '${visit!.event_id}'`,
      ),
    ).toBe(2);
    expect(await answers(db)).toEqual(once);
    expect(once).not.toEqual(before);
    const [totals] = once.copy[0] as Array<{ this_week: string | number }>;
    const [totalsBefore] = before.copy[0] as Array<{ this_week: string | number }>;
    expect(Number(totals!.this_week)).toBe(Number(totalsBefore!.this_week) + 1);
  });

  // The gateway clamps a browser clock that is over a minute ahead or over 7 days behind to
  // its own, so a retry of such an event can come back with another time. One event id counts
  // once in every figure: on its first time, whichever window that falls in.
  it('a retry that came back with another time in another week counts once, in the week it first came', async () => {
    // A database of its own: site_visits keeps one row of an id once merged, so another
    // test's retry there could move a figure between this test's two reads.
    const db = await seeded();
    const { clickhouse, window } = db;
    const before = await answers(db);
    const [visit] = visits(5, 1, 1);
    const thisWeek = Date.parse(`${addDays(window.endDay!, -2)}T12:00:00Z`);
    const weekBefore = Date.parse(`${addDays(window.endDay!, -9)}T12:00:00Z`);
    await insert(clickhouse, [{ ...visit!, created_at: at(weekBefore) }]);
    await insert(clickhouse, [{ ...visit!, created_at: at(thisWeek) }]);
    const [totals] = (await answers(db)).copy[0] as Array<Record<string, string | number>>;
    const [totalsBefore] = before.copy[0] as Array<Record<string, string | number>>;
    expect(Number(totals!.this_week)).toBe(Number(totalsBefore!.this_week));
    expect(Number(totals!.previous_week)).toBe(Number(totalsBefore!.previous_week) + 1);
  });

  it('a retry that came back on another day of the week counts once, on its first day, and the week is the sum of its days', async () => {
    // A database of its own: site_visits keeps one row of an id once merged, so another
    // test's retry there could move a figure between this test's two reads.
    const db = await seeded();
    const { clickhouse, window } = db;
    const before = await answers(db);
    const [visit] = visits(6, 1, 1);
    const monday = Date.parse(`${addDays(window.endDay!, -3)}T12:00:00Z`);
    await insert(clickhouse, [{ ...visit!, created_at: at(monday) }]);
    await insert(clickhouse, [{ ...visit!, created_at: at(monday + 86_400_000) }]);
    const after = await answers(db);
    const [totals] = after.copy[0] as Array<Record<string, string | number>>;
    const [totalsBefore] = before.copy[0] as Array<Record<string, string | number>>;
    expect(Number(totals!.this_week)).toBe(Number(totalsBefore!.this_week) + 1);
    const daily = after.copy[1] as Array<{ day: string; visits: string | number }>;
    const lastWeek = daily.filter((row) => row.day >= addDays(window.endDay!, -7));
    expect(lastWeek.reduce((sum, row) => sum + Number(row.visits), 0)).toBe(
      Number(totals!.this_week),
    );
    // Not compared with site_visits here: sorted on the event id alone, it keeps one of the
    // two rows once a background merge has run, which may happen at any moment.
  });
});

describe('visits_by_time: the window is a range of the time, not the whole table', () => {
  const database = uniqueName('hc_by_time_index');
  let clickhouse: ClickHouseClient;
  const TOTAL = 400_000;

  beforeAll(async () => {
    await migrateClickHouse(database);
    clickhouse = testClickHouse(database);
    // A year of visits, one every ~79 s: a 14-day window holds about 4% of them.
    await clickhouse.command({
      query: `INSERT INTO site_visits (event_id, session_id, page_path, user_agent, referrer, created_at)
        SELECT concat('e', toString(number)), 's', '/', 'test', '',
               toDateTime(toUInt32(now()) - number * 79) FROM numbers(${TOTAL})`,
    });
  });

  afterAll(async () => {
    await clickhouse?.close();
    await dropDatabase(database);
  });

  /** Rows ClickHouse read to answer a query (FORMAT JSON's statistics). */
  async function rowsRead(sql: string): Promise<number> {
    const result = await clickhouse.query({ query: sql, format: 'JSON' });
    return Number((await result.json()).statistics?.rows_read);
  }

  it('takes ids that are not UUIDs too (each its own UUID), so no insert into site_visits is refused', async () => {
    // Ingestion accepts only UUIDs; these rows ('e0', 'e1', …) went in straight.
    expect(await countOf(clickhouse, 'SELECT uniqExact(event_id) AS n FROM visits_by_time')).toBe(
      TOTAL,
    );
  });

  it.each(WEEKLY_QUERIES.map((q) => [q.file, q] as const))(
    '%s uses the primary key: the window is a range, only the earlier ids are read past it',
    async (_file, query) => {
      const sql = query.sql({ database, timeZone: ZONE, endDay: localDate(new Date(), ZONE) });
      // Refused by ClickHouse if the primary key cannot narrow the read.
      const checked = await clickhouse.query({
        query: sql,
        format: 'JSONEachRow',
        clickhouse_settings: { force_primary_key: 1 },
      });
      await checked.json();
      // The window's rows, then the event ids of the rest; on site_visits, all of it twice.
      expect(await rowsRead(sql)).toBeLessThan(TOTAL * 1.2);
      expect(await rowsRead(onSiteVisits(sql))).toBeGreaterThanOrEqual(2 * TOTAL);
    },
  );
});
