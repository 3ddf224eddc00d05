// The ClickHouse accounts of deploy/clickhouse/users.d/handcheck.xml on the test
// profile's ClickHouse (Debian's 18.16), signed in as each: the analyst reads the
// product's database and nothing may change data or settings, a heavy query
// stops with ClickHouse's own error; ingestion writes and migrates, the report
// reads with the product's client (which sends settings) and cannot write;
// `default` needs its password. docs/analytics.md tells analysts what is shown here.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { type ClickHouseClient } from '@clickhouse/client';
import {
  ClickHouseEnv,
  ClickHouseService,
  clickHouseErrorCode,
  createClickHouse,
  sqlIdentifier,
} from '@handcheck/server-kit';
import {
  ANALYST_TEST_DATABASES,
  testClickHouseLogin,
  testInfra,
  uniqueName,
} from '@handcheck/server-kit/testing';
import { MIGRATIONS } from '../../../services/ingestion/src/clickhouse/schema';
import { AnalyticsRepository } from '../../../services/report/src/analytics/analytics.repository';
import { ReportEnv } from '../../../services/report/src/config/report.env';
import { localDate } from '../../../services/report/src/weekly/report-days';
import { accountProfileSettings } from '../../support/clickhouse-accounts';
import { dropDatabase, httpStatement, rows, testClickHouse } from '../../support/clickhouse';
import { clickhouseTime } from '../../support/report-seed';

jest.setTimeout(120_000);

/** ClickHouse's error codes, as its messages give them. */
const READONLY = 164;
const ACCESS_DENIED = 291;
const TIMEOUT_EXCEEDED = 159;
const MEMORY_LIMIT_EXCEEDED = 241;
const TOO_MANY_ROWS_OR_BYTES = 396;
const TOO_MANY_SIMULTANEOUS_QUERIES = 202;
const REQUIRED_PASSWORD = 194;
const WRONG_PASSWORD = 193;

/** The limits every analyst has, from the accounts' file (the test profile shortens the time: read from the server). */
const ANALYST = accountProfileSettings('analyst');

const database = ANALYST_TEST_DATABASES.limits;
const table = `${database}.${sqlIdentifier(uniqueName('visits'))}`;
/** A database the analyst may not read. */
const other = uniqueName('hc_not_analyst');

/** clickhouse-client (the native protocol) as the analyst; its output, or its error text. */
function nativeAsAnalyst(args: string[]): Promise<{ ok: boolean; out: string }> {
  const { username, password } = testClickHouseLogin('analyst');
  const port = String(testInfra().clickhouseTcpPort);
  return new Promise((resolve) => {
    execFile(
      'clickhouse-client',
      ['--port', port, '--user', username, '--password', password, ...args],
      { timeout: 60_000 },
      (error, stdout, stderr) => resolve({ ok: !error, out: `${stdout}${stderr}`.trim() }),
    );
  });
}

beforeAll(async () => {
  const server = createClickHouse({ ...testClickHouseLogin(), database: 'default' });
  try {
    for (const db of [database, other]) {
      await server.command({ query: `CREATE DATABASE IF NOT EXISTS ${sqlIdentifier(db)}` });
    }
    await server.command({
      query: `CREATE TABLE ${table} (event_id String, page_path String) ENGINE = MergeTree ORDER BY event_id`,
    });
    await server.command({
      query: `INSERT INTO ${table} VALUES ('a', '/'), ('b', '/faq'), ('c', '/about')`,
    });
    await server.command({
      query: `CREATE TABLE ${other}.secret (event_id String) ENGINE = MergeTree ORDER BY event_id`,
    });
  } finally {
    await server.close();
  }
});

afterAll(async () => {
  await dropDatabase(other);
  await dropDatabase(database);
});

describe('the analyst account (readonly = 1, the analyst profile and quota)', () => {
  it.each([
    ['INSERT', `INSERT INTO ${table} VALUES ('d', '/x')`],
    ['ALTER … DELETE', `ALTER TABLE ${table} DELETE WHERE 1`],
    ['DROP', `DROP TABLE ${table}`],
    ['TRUNCATE', `TRUNCATE TABLE ${table}`],
    ['CREATE', `CREATE TABLE ${database}.made_by_analyst (x UInt8) ENGINE = Log`],
    ['SET readonly = 0', 'SET readonly = 0'],
    ['SET max_memory_usage = …', 'SET max_memory_usage = 100000000000'],
    ['SET max_execution_time = 0', 'SET max_execution_time = 0'],
    ['a SETTINGS clause', 'SELECT 1 SETTINGS max_execution_time = 0'],
  ])('refuses %s with ClickHouse’s readonly error (164)', async (_what, sql) => {
    const answer = await httpStatement('analyst', sql, { database });
    expect(answer.status).toBe(500);
    expect([answer.code, answer.text]).toEqual([READONLY, expect.stringMatching(/readonly mode/)]);
  });

  it('refuses a setting sent with the request, and the native client cannot lift a limit either', async () => {
    const overHttp = await httpStatement('analyst', 'SELECT 1', { max_execution_time: '0' });
    expect(overHttp.code).toBe(READONLY);
    expect(overHttp.text).toMatch(
      /Cannot override setting \(max_execution_time\) in readonly mode/,
    );

    // clickhouse-client sends its --setting values; with readonly = 1 the server keeps its own.
    const limit = await nativeAsAnalyst([
      '--max_execution_time=0',
      '--query',
      "SELECT value FROM system.settings WHERE name = 'max_execution_time'",
    ]);
    expect(limit).toEqual({ ok: true, out: expect.stringMatching(/^[1-9]\d*$/) });
    const drop = await nativeAsAnalyst(['--query', `DROP TABLE ${table}`]);
    expect(drop.ok).toBe(false);
    expect(drop.out).toMatch(/Code: 164\. .*Cannot drop table in readonly mode/);
  });

  it('left the data as it was', async () => {
    const client = testClickHouse(database);
    try {
      expect(await rows<{ n: number }>(client, `SELECT count() AS n FROM ${table}`)).toEqual([
        { n: 3 },
      ]);
    } finally {
      await client.close();
    }
  });

  it('reads its database and `system`, and is refused any other database (291)', async () => {
    const own = await httpStatement('analyst', `SELECT count() FROM ${table}`);
    expect([own.status, own.text.trim()]).toEqual([200, '3']);
    const databases = await httpStatement('analyst', 'SHOW DATABASES');
    expect(databases.text.split('\n').filter(Boolean)).toEqual(
      expect.arrayContaining([database, 'system']),
    );
    expect(databases.text).not.toContain(other);
    for (const sql of [
      `SELECT count() FROM ${other}.secret`,
      `SHOW CREATE TABLE ${other}.secret`,
    ]) {
      const refused = await httpStatement('analyst', sql);
      expect([refused.code, refused.text]).toEqual([
        ACCESS_DENIED,
        expect.stringMatching(new RegExp(`Access denied to database ${other} for user analyst`)),
      ]);
    }
    // In the session's settings: the profile's limits, with readonly = 1.
    const settings = await httpStatement(
      'analyst',
      "SELECT name, value FROM system.settings WHERE name IN ('readonly', 'max_memory_usage', 'max_result_rows', 'max_concurrent_queries_for_user') ORDER BY name FORMAT TSV",
    );
    expect(settings.text.trim().split('\n')).toEqual([
      `max_concurrent_queries_for_user\t${ANALYST.max_concurrent_queries_for_user}`,
      `max_memory_usage\t${ANALYST.max_memory_usage}`,
      `max_result_rows\t${ANALYST.max_result_rows}`,
      'readonly\t1',
    ]);
  });

  it('stops a query past the time limit with ClickHouse’s error (159)', async () => {
    const limit = await httpStatement(
      'analyst',
      "SELECT value FROM system.settings WHERE name = 'max_execution_time'",
    );
    const seconds = Number(limit.text);
    expect(seconds).toBeGreaterThan(0);
    const begun = Date.now();
    // Sleeps half a second a block of numbers: slow without using a core.
    const slow = await httpStatement(
      'analyst',
      'SELECT count() FROM system.numbers WHERE NOT ignore(sleep(0.5))',
    );
    const took = (Date.now() - begun) / 1000;
    expect([slow.code, slow.text]).toEqual([
      TIMEOUT_EXCEEDED,
      expect.stringMatching(
        new RegExp(`Timeout exceeded: elapsed [\\d.]+ seconds, maximum: ${seconds}`),
      ),
    ]);
    expect(took).toBeGreaterThanOrEqual(seconds);
    expect(took).toBeLessThan(seconds + 5);
  });

  it('stops a query past the memory limit with ClickHouse’s error (241), naming the profile’s limit', async () => {
    // A million-number array a row asks for far more than the limit in its first
    // block, so the refusal comes at once: a query that grows to the limit row by
    // row can meet the time limit first on a busy machine.
    const heavy = await httpStatement(
      'analyst',
      'SELECT length(groupArray(range(1000000))) FROM system.numbers',
    );
    const gib = (Number(ANALYST.max_memory_usage) / 2 ** 30).toFixed(2);
    expect([heavy.code, heavy.text]).toEqual([
      MEMORY_LIMIT_EXCEEDED,
      expect.stringMatching(
        new RegExp(`Memory limit \\(for query\\) exceeded: .*maximum: ${gib} GiB`),
      ),
    ]);
  });

  it('refuses a result past the row limit (396), whatever the rows read before it', async () => {
    const limit = Number(ANALYST.max_result_rows);
    const fits = await httpStatement(
      'analyst',
      `SELECT count() FROM (SELECT number FROM system.numbers LIMIT ${limit * 10})`,
    );
    expect(fits.text.trim()).toBe(String(limit * 10));
    const tooMany = await httpStatement(
      'analyst',
      `SELECT number FROM system.numbers LIMIT ${limit + 1}`,
    );
    expect([tooMany.code, tooMany.text]).toEqual([
      TOO_MANY_ROWS_OR_BYTES,
      expect.stringMatching(/Limit for result exceeded, max rows/),
    ]);
  });

  it('runs as many queries at once as its profile allows, refuses the next (202), and may stop its own', async () => {
    const most = Number(ANALYST.max_concurrent_queries_for_user);
    const ids = Array.from({ length: most }, () => randomUUID());
    let ending = false;
    // A slow query under its id; sent again while refused as one too many, since the
    // analyst-queries spec, running beside this one, may hold a place for a moment.
    const slow = async (id: string) => {
      for (;;) {
        const answer = await httpStatement(
          'analyst',
          'SELECT count() FROM system.numbers WHERE NOT ignore(sleep(0.5))',
          { query_id: id },
        );
        if (answer.code !== TOO_MANY_SIMULTANEOUS_QUERIES || ending) return answer;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const running = ids.map(slow);
    const kills: number[] = [];
    try {
      // Wait until every one of them runs.
      const deadline = Date.now() + 20_000;
      for (;;) {
        const list = await httpStatement(
          'default',
          `SELECT count() FROM system.processes WHERE query_id IN (${ids.map((id) => `'${id}'`).join(', ')})`,
        );
        if (Number(list.text) === most) break;
        if (Date.now() > deadline) throw new Error(`the ${most} slow queries did not all start`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const next = await httpStatement('analyst', 'SELECT 1');
      expect([next.code, next.text]).toEqual([
        TOO_MANY_SIMULTANEOUS_QUERIES,
        expect.stringMatching(/Too many simultaneous queries for user analyst/),
      ]);
    } finally {
      ending = true;
      // The analyst stops its own queries, its places all taken as they are.
      for (const id of ids) {
        kills.push(
          (await httpStatement('analyst', `KILL QUERY WHERE query_id = '${id}' SYNC`)).status,
        );
      }
    }
    expect(kills).toEqual(ids.map(() => 200));
    for (const answer of await Promise.all(running))
      expect(answer.text).toMatch(/Code: 394\b|cancelled/i);
  });
});

describe("the services' accounts", () => {
  const product = uniqueName('hc_accounts');
  let ingestion: ClickHouseService;
  let report: ClickHouseService;

  /** A service's ClickHouseService for `product`, signed in as its account. */
  function service(account: 'ingestion' | 'report'): ClickHouseService {
    const { url, username, password } = testClickHouseLogin(account);
    const env = Object.assign(new ClickHouseEnv(), {
      CLICKHOUSE_URL: url,
      CLICKHOUSE_DATABASE: product,
      CLICKHOUSE_USER: username,
      CLICKHOUSE_PASSWORD: password,
    });
    return new ClickHouseService(env, account === 'ingestion' ? { migrations: MIGRATIONS } : {});
  }

  beforeAll(() => {
    ingestion = service('ingestion');
    report = service('report');
  });

  afterAll(async () => {
    await ingestion?.onApplicationShutdown();
    await report?.onApplicationShutdown();
    await dropDatabase(product);
  });

  it('ingestion makes the schema and writes; the report reads it with the product’s client and settings', async () => {
    await ingestion.onModuleInit();
    const now = Date.now();
    const visits = Array.from({ length: 5 }, (_, i) => ({
      event_id: randomUUID(),
      session_id: `s${i}`,
      page_path: '/faq',
      user_agent: 'test',
      referrer: '',
      created_at: clickhouseTime(now - (i + 1) * 86_400_000),
    }));
    await ingestion.insert('site_visits', visits);

    // The weekly report's own queries, each with its memory and time settings (readonly = 2 allows them).
    const reportEnv = new ReportEnv();
    const repository = new AnalyticsRepository(report, reportEnv);
    const tomorrow = localDate(new Date(now + 86_400_000), reportEnv.REPORT_TIMEZONE);
    const weekly = await repository.weeklyRows(reportEnv.REPORT_TIMEZONE, tomorrow);
    expect(weekly.pages).toEqual([expect.objectContaining({ page: '/faq' })]);
  });

  it('the report cannot write, drop or lift its readonly', async () => {
    const { url, username, password } = testClickHouseLogin('report');
    const client: ClickHouseClient = createClickHouse({
      url,
      username,
      password,
      database: product,
    });
    const refusal = (sql: string) =>
      client.command({ query: sql }).then(
        () => 'accepted',
        (error: unknown) => clickHouseErrorCode(error),
      );
    try {
      expect(await refusal(`INSERT INTO site_visits (event_id) VALUES ('x')`)).toBe(READONLY);
      expect(await refusal('DROP TABLE site_visits')).toBe(READONLY);
      expect(await refusal('ALTER TABLE site_visits DELETE WHERE 1')).toBe(READONLY);
      const lifted = await client
        .query({ query: 'SELECT 1', clickhouse_settings: { readonly: '0' } })
        .then(
          () => 'accepted',
          (error: unknown) => String(error),
        );
      expect(lifted).toMatch(/Setting 'readonly' cannot be overrided in readonly mode/);
    } finally {
      await client.close();
    }
  });

  it('`default` needs its password, which infra.env holds', async () => {
    const { url, password } = testClickHouseLogin('default');
    const as = (secret: string) =>
      fetch(new URL('/?query=SELECT%201', url), {
        headers: { 'X-ClickHouse-User': 'default', 'X-ClickHouse-Key': secret },
      }).then(async (response) => ({ status: response.status, text: await response.text() }));
    expect(clickHouseErrorCode(new Error((await as('')).text))).toBe(REQUIRED_PASSWORD);
    expect(clickHouseErrorCode(new Error((await as('not-it')).text))).toBe(WRONG_PASSWORD);
    expect(await as(password)).toEqual({ status: 200, text: '1\n' });
  });
});
