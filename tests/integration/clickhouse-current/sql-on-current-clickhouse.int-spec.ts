// Every statement the product sends ClickHouse, taken from the modules that
// send it, run on the test profile's ClickHouse (Debian's 18.16) and on a
// current ClickHouse (chDB, in process: scripts/chdb), on the same seeded
// events: the migrations' DDL and the ledger's statements, ingestion's inserts
// (TabSeparated, the rows ingestion makes of each event, and a redelivery), the
// weekly report's and the dashboard's queries, docs/analytics/*.sql and the
// queries in docs/analytics.md. Both must accept every statement and give the
// same rows (sorted; numbers and times normalised, UTC). The events include one
// event id sent under two sessions, in two batches and in one: the funnel counts
// it in one session on both, whatever either has merged. The cluster's DDL
// (ON CLUSTER, Replicated*) is checked on profile scale, not here. The docs'
// queries also run on chDB as an analyst would (chDB has no accounts): with the
// settings of the analyst profile of deploy/clickhouse/users.d/handcheck.xml,
// readonly = 1 among them, giving the same rows; a DROP is refused there.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { type ClickHouseClient } from '@clickhouse/client';
import {
  CLICKHOUSE_SETTINGS,
  INSERT_FORMAT,
  createClickHouseServerClient,
  insertRows,
  ledgerSql,
  migrationSql,
  sqlIdentifier,
  tabSeparatedRows,
} from '@handcheck/server-kit';
import { REPO_ROOT, testClickHouseLogin, uniqueName } from '@handcheck/server-kit/testing';
import { type AnalyticsEvent, AnalyticsEventSchema, create } from '@handcheck/contracts';
import { dropDatabase } from '../../support/clickhouse';
import { accountProfileSettings } from '../../support/clickhouse-accounts';
import { type ChdbOutcome, chdbPython, runOnChdb } from '../../support/chdb';
import { seededRandom, sessionEvents } from '../../../scripts/analytics/traffic';
import { MIGRATIONS } from '../../../services/ingestion/src/clickhouse/schema';
import {
  type Row,
  TABLE_NAMES,
  groupRows,
} from '../../../services/ingestion/src/analytics/event-rows';
import {
  dashboardSql,
  weeklySql,
} from '../../../services/report/src/analytics/analytics.repository';
import { DASHBOARD_DAYS } from '../../../services/report/src/dashboard/dashboard';
import { WEEKLY_VISITS } from '../../../services/report/src/weekly/weekly-sql';
import { localDate } from '../../../services/report/src/weekly/report-days';

jest.setTimeout(600_000);

/** A statement: DDL or a write (`read` false), a query whose rows are compared, or an insert of rows. */
type Step = { name: string } & (
  { sql: string; read: boolean } | { insert: { table: string; rows: readonly Row[] } }
);

const DAY_MS = 86_400_000;
const SESSIONS = 300;
const ZONE = 'Europe/London';

/** The ledger's and every migration's statements, as migrate() runs them on one server. */
function migrationSteps(db: string): Step[] {
  const ledger = ledgerSql(db);
  const ddl = (name: string, sql: string): Step => ({ name, sql, read: false });
  return [
    ...ledger.create.map((sql, i) => ddl(`ledger #${i + 1}`, sql)),
    { name: 'ledger: applied versions, before', sql: ledger.versions, read: true },
    ...[...MIGRATIONS]
      .sort((a, b) => a.version - b.version)
      .flatMap((migration) => [
        ...migrationSql(migration, db).map((sql, i) =>
          ddl(`migration v${migration.version} #${i + 1}`, sql),
        ),
        ddl(`ledger: record v${migration.version}`, ledger.record(migration)),
      ]),
    { name: 'ledger: applied versions, after', sql: ledger.versions, read: true },
  ];
}

/** Ingestion's inserts of `events`: one per table, as its repository makes them. */
function insertSteps(label: string, events: AnalyticsEvent[]): Step[] {
  return [...groupRows(events)].map(([table, rows]) => ({
    name: `insert ${label}: ${table}`,
    insert: { table, rows },
  }));
}

/** The checker events the questionnaire funnel counts. */
const FUNNEL_TYPES = new Set([
  'symptom_checker_started',
  'emergency_check_completed',
  'symptom_checker_step_completed',
  'symptom_checker_completed',
]);

/** How many sessions have a funnel event that `counts`, each event id in the smallest session it came with. */
function funnelSessions(events: AnalyticsEvent[], counts: (event: AnalyticsEvent) => boolean) {
  const sessionOf = new Map<string, string>();
  for (const event of events) {
    const { payload, eventId, sessionId } = event;
    if (payload.case !== 'checkerEvent' || !FUNNEL_TYPES.has(payload.value.eventType)) continue;
    if (!counts(event)) continue;
    const before = sessionOf.get(eventId);
    if (before === undefined || sessionId < before) sessionOf.set(eventId, sessionId);
  }
  return new Set(sessionOf.values()).size;
}

/** A symptom_checker_started event with id `eventId` under `sessionId`, at `ms`. */
function started(eventId: string, sessionId: string, ms: number): AnalyticsEvent {
  return create(AnalyticsEventSchema, {
    eventId,
    sessionId,
    occurredAtMs: BigInt(ms),
    receivedAtMs: BigInt(ms),
    userAgent: 'test',
    pagePath: '/symptom-checker',
    payload: {
      case: 'checkerEvent',
      value: {
        $typeName: 'handcheck.analytics.v1.CheckerEvent',
        eventType: 'symptom_checker_started',
        eventDataJson: '',
      },
    },
  });
}

/** The docs' queries as an analyst runs them, in database `db` rather than `handcheck`. */
function docsSteps(db: string): Step[] {
  const inDb = (sql: string) => sql.replaceAll('handcheck.', `${db}.`);
  const dir = join(REPO_ROOT, 'docs/analytics');
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({
      name: `docs/analytics/${file}`,
      sql: inDb(readFileSync(join(dir, file), 'utf8')),
      read: true,
    }));
  const markdown = readFileSync(join(REPO_ROOT, 'docs/analytics.md'), 'utf8');
  const blocks = [...markdown.matchAll(/```sql\n([\s\S]*?)```/g)].map((match, i) => ({
    name: `docs/analytics.md sql block ${i + 1}`,
    sql: inDb(match[1]!),
    read: true,
  }));
  return [...files, ...blocks];
}

/** The report's and the dashboard's queries over the whole days before today in London. */
function reportSteps(db: string): Step[] {
  const window = { database: db, timeZone: ZONE, endDay: localDate(new Date(), ZONE) };
  const read = (name: string, sql: string): Step => ({ name, sql, read: true });
  return [
    ...Object.entries(weeklySql(window)).map(([part, sql]) => read(`weekly report: ${part}`, sql)),
    read('weekly report: 01 with the report window', WEEKLY_VISITS.sql(window)),
    ...Object.entries(dashboardSql(window, DASHBOARD_DAYS)).map(([part, sql]) =>
      read(`dashboard: ${part}`, sql),
    ),
  ];
}

/** What each table holds, to compare what the inserts stored (the test's own reads). */
function storedSteps(db: string): Step[] {
  return [...TABLE_NAMES, 'visits_by_time', 'user_sessions'].map((table) => ({
    name: `stored rows: ${table}`,
    sql: `SELECT * FROM ${db}.${table}${table === 'user_sessions' ? '' : ' FINAL'}`,
    read: true,
  }));
}

/**
 * The analyst profile's settings for chDB, readonly last: once it is 1, chDB
 * refuses any SET, as the server refuses an analyst's.
 */
function analystSettings(): Record<string, string> {
  const { readonly, ...limits } = accountProfileSettings('analyst');
  if (readonly !== '1') throw new Error(`the analyst profile has readonly = ${readonly}, not 1`);
  return { ...limits, readonly };
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The steps on 18.16 through the product's client, as the services send them. */
async function runOnOld(
  client: ClickHouseClient,
  db: string,
  steps: Step[],
): Promise<ChdbOutcome[]> {
  const outcomes: ChdbOutcome[] = [];
  for (const step of steps) {
    try {
      if ('insert' in step) {
        const { table, rows } = step.insert;
        await insertRows(client, `${db}.${table}`, rows);
        outcomes.push({ rows: [] });
      } else if (step.read) {
        const result = await client.query({ query: step.sql, format: 'JSONEachRow' });
        outcomes.push({ rows: await result.json<Record<string, unknown>>() });
      } else {
        await client.command({ query: step.sql });
        outcomes.push({ rows: [] });
      }
    } catch (error) {
      outcomes.push({ error: message(error) });
    }
  }
  return outcomes;
}

/** The same steps as chDB statements: an insert is its statement with the rows on the next line. */
function chdbStatements(db: string, steps: Step[]) {
  return steps.map((step) =>
    'insert' in step ? chdbInsert(db, step.insert.table, step.insert.rows) : { sql: step.sql },
  );
}

function chdbInsert(db: string, table: string, rows: readonly Row[]) {
  const { columns, text } = tabSeparatedRows(rows);
  return {
    sql: `INSERT INTO ${db}.${table} (${columns.join(', ')}) FORMAT ${INSERT_FORMAT}`,
    data: text,
  };
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.0+)?Z?$/;

/** A value as both servers' JSON should agree on it: numbers as numbers, times as `YYYY-MM-DD hh:mm:ss` UTC. */
function normalValue(value: unknown): unknown {
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (typeof value === 'string') return value.replace(DATE_TIME, '$1 $2');
  return value;
}

/** Rows as sorted text, each row's columns sorted by name. */
function normalRows(rows: Array<Record<string, unknown>>): string[] {
  return rows
    .map((row) =>
      JSON.stringify(
        Object.keys(row)
          .sort()
          .map((key) => [key, normalValue(row[key])]),
      ),
    )
    .sort();
}

interface Checked {
  /** chDB's ClickHouse version. */
  version: string;
  /** The reads whose rows were compared, and how many rows each gave. */
  compared: Record<string, number>;
  /** The rows of each read compared, as the current ClickHouse gave them. */
  rows: Record<string, Array<Record<string, unknown>>>;
}

/**
 * Runs `steps` in database `db` on the test ClickHouse and on chDB (in `dir`), and
 * throws, naming each, for every statement either server refused and every read
 * whose rows differ.
 */
async function checkOnBoth(
  db: string,
  dir: string,
  python: string,
  steps: Step[],
): Promise<Checked> {
  const client = createClickHouseServerClient({ ...testClickHouseLogin(), database: 'default' });
  let old: ChdbOutcome[];
  try {
    old = await runOnOld(client, db, steps);
  } finally {
    await client.close();
  }
  const [versionRow, ...current] = runOnChdb(python, dir, CLICKHOUSE_SETTINGS, [
    { sql: 'SELECT version() AS version' },
    ...chdbStatements(db, steps),
  ]);
  const version = 'rows' in versionRow! ? String(versionRow.rows[0]?.version) : 'unknown';
  const problems: string[] = [];
  const compared: Record<string, number> = {};
  const rows: Checked['rows'] = {};
  steps.forEach((step, i) => {
    const [before, now] = [old[i]!, current[i]!];
    if ('error' in before)
      problems.push(`${step.name}: ClickHouse 18.16 refused it: ${before.error}`);
    if ('error' in now)
      problems.push(`${step.name}: ClickHouse ${version} refused it: ${now.error}`);
    if ('error' in before || 'error' in now || !('sql' in step) || !step.read) return;
    const [a, b] = [normalRows(before.rows), normalRows(now.rows)];
    if (isDeepStrictEqual(a, b)) {
      compared[step.name] = a.length;
      rows[step.name] = now.rows;
    } else
      problems.push(
        `${step.name}: the rows differ\n  18.16: ${a.slice(0, 5).join('\n         ')}\n  ${version}: ${b.slice(0, 5).join('\n         ')}`,
      );
  });
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return { version, compared, rows };
}

describe('the product SQL on a current ClickHouse (chDB) and on 18.16', () => {
  let python: string;
  const databases: string[] = [];
  const dirs: string[] = [];

  beforeAll(() => {
    python = chdbPython();
  });

  afterAll(async () => {
    for (const db of databases) await dropDatabase(db);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  function fresh(): { db: string; dir: string } {
    const db = sqlIdentifier(uniqueName('hc_current'));
    const dir = mkdtempSync(join(tmpdir(), 'hc-chdb-'));
    databases.push(db);
    dirs.push(dir);
    return { db, dir };
  }

  it('every statement runs on both and gives the same rows on the same events', async () => {
    const { db, dir } = fresh();
    const random = seededRandom(29);
    const now = Date.now();
    const events: AnalyticsEvent[] = [];
    for (let i = 0; i < SESSIONS; i++) {
      events.push(...sessionEvents(random, now - 13 * DAY_MS * random() - 2 * 3_600_000));
    }
    // Two days ago: inside the dashboard's whole days and the analysts' 14 × 24 hours.
    const twoDaysAgo = now - 2 * DAY_MS;
    const [apart, together] = [randomUUID(), randomUUID()];
    const oneIdTwoSessions = [
      started(apart, 'two-batches-b', twoDaysAgo),
      started(apart, 'two-batches-a', twoDaysAgo),
      started(together, 'one-batch-b', twoDaysAgo),
      started(together, 'one-batch-a', twoDaysAgo),
    ] as const;
    const steps = [
      ...migrationSteps(db),
      ...insertSteps('events', events),
      // A redelivered Kafka batch: the same rows again, which FINAL and the grouping by event id count once.
      ...insertSteps('redelivery', events.slice(0, 400)),
      // One event id under two sessions in two batches (two rows until a merge), and another
      // twice in one batch (one row: 18.16 would keep both until a merge, current versions one).
      ...insertSteps('an id under one session', [oneIdTwoSessions[0]]),
      ...insertSteps('the id under another session', [oneIdTwoSessions[1]]),
      ...insertSteps('an id under two sessions in one batch', oneIdTwoSessions.slice(2)),
      ...reportSteps(db),
      ...docsSteps(db),
      ...storedSteps(db),
    ];
    const { version, compared, rows } = await checkOnBoth(db, dir, python, steps);

    expect(version).toMatch(/^26\./);
    // Every table ingestion writes got rows, and every product read was compared on rows.
    expect(
      insertSteps('events', events)
        .map((step) => step.name.split(': ')[1])
        .sort(),
    ).toEqual([...TABLE_NAMES].sort());
    const reads = steps.filter((step) => 'sql' in step && step.read).map((step) => step.name);
    expect(Object.keys(compared).sort()).toEqual(reads.sort());
    const empty = reads.filter((name) => compared[name] === 0);
    expect(empty).toEqual(['ledger: applied versions, before']);
    expect(compared['ledger: applied versions, after']).toBe(MIGRATIONS.length);
    // Each of the two ids is one started session, whatever was merged: the seeded sessions
    // that reached the funnel, and two.
    const today = localDate(new Date(now), ZONE);
    const beforeToday = (event: AnalyticsEvent) =>
      localDate(new Date(Number(event.occurredAtMs)), ZONE) < today;
    const all = [...events, ...oneIdTwoSessions];
    expect(funnelSessions(all, () => true)).toBe(funnelSessions(events, () => true) + 2);
    const startedIn = (read: string) => Number(rows[read]?.[0]?.started);
    expect(startedIn('docs/analytics/05-questionnaire-funnel.sql')).toBe(
      funnelSessions(all, () => true),
    );
    expect(startedIn('dashboard: funnel')).toBe(funnelSessions(all, beforeToday));

    // The docs' queries once more on the same data, with the analyst's settings: the same
    // rows as without them; a DROP and a result past the row limit refused.
    const docs = docsSteps(db);
    const settings = analystSettings();
    const asAnalyst = runOnChdb(python, dir, settings, [
      ...chdbStatements(db, docs),
      { sql: `DROP TABLE ${db}.site_visits` },
      { sql: `SELECT number FROM system.numbers LIMIT ${Number(settings.max_result_rows) + 1}` },
    ]);
    const [drop, tooMany] = asAnalyst.splice(docs.length);
    const differences = docs.flatMap((step, i) => {
      const outcome = asAnalyst[i]!;
      if ('error' in outcome)
        return [`${step.name}: refused with the analyst's settings: ${outcome.error}`];
      return isDeepStrictEqual(normalRows(outcome.rows), normalRows(rows[step.name] ?? []))
        ? []
        : [`${step.name}: other rows with the analyst's settings`];
    });
    expect(differences).toEqual([]);
    expect(drop).toEqual({ error: expect.stringMatching(/readonly/i) });
    expect(tooMany).toEqual({ error: expect.stringMatching(/Limit for result exceeded/) });
  });

  it('fails, with ClickHouse’s error, on a statement a current ClickHouse refuses', async () => {
    const { db, dir } = fresh();
    // MergeTree's old engine arguments: 18.16 takes them, current versions refuse them.
    const oldSyntax: Step = {
      name: 'old MergeTree syntax',
      sql: `CREATE TABLE ${db}.old_syntax (day Date, id String) ENGINE = MergeTree(day, (id), 8192)`,
      read: false,
    };
    const error = await checkOnBoth(db, dir, python, [...migrationSteps(db), oldSyntax]).then(
      () => undefined,
      (failure: unknown) => message(failure),
    );

    expect(error).toMatch(
      /^old MergeTree syntax: ClickHouse 26\.[\d.]+ refused it: Code: 36\. DB::Exception: This syntax for \*MergeTree engine is deprecated/,
    );
    expect(error).not.toMatch(/18\.16 refused/);
  });
});
