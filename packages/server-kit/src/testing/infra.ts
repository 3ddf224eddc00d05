import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where `deploy/infra.sh start --profile test` puts the engines. */
export const REPO_ROOT = resolve(__dirname, '../../../..');

/**
 * The local ClickHouse accounts (deploy/clickhouse/users.d/handcheck.xml):
 * ingestion writes and owns the schema, report reads (readonly = 2), analyst is
 * a person's (readonly = 1, the analyst limits), default is for administration.
 */
export type ClickHouseAccount = 'ingestion' | 'report' | 'analyst' | 'default';

export interface ClickHouseLogin {
  username: string;
  password: string;
}

export interface TestInfra {
  kafkaBrokers: string;
  clickhouseUrl: string;
  /** The native protocol's port (clickhouse-client). */
  clickhouseTcpPort: number;
  /** Each account's user and password, as deploy/infra.sh wrote them into infra.env. */
  clickhouse: Record<ClickHouseAccount, ClickHouseLogin>;
  mongoUrl: string;
  smtpHost: string;
  smtpPort: number;
  mailpitUrl: string;
}

const ACCOUNTS: readonly ClickHouseAccount[] = ['ingestion', 'report', 'analyst', 'default'];

/**
 * The databases the test profile's analyst may read besides `handcheck` (which
 * belongs to the running services): each analyst spec seeds its own
 * (clickhouse_analyst_databases in deploy/engines/clickhouse.sh).
 */
export const ANALYST_TEST_DATABASES = {
  queries: 'handcheck_analyst_queries',
  limits: 'handcheck_analyst_limits',
} as const;

const DEFAULTS: Record<string, string> = {
  KAFKA_BROKERS: '127.0.0.1:19092',
  CLICKHOUSE_URL: 'http://127.0.0.1:18123',
  CLICKHOUSE_TCP_PORT: '19000',
  // Passwords have no default: deploy/infra.sh makes them.
  ...Object.fromEntries(ACCOUNTS.map((a) => [`CLICKHOUSE_${a.toUpperCase()}_USER`, a])),
  MONGO_URL: 'mongodb://127.0.0.1:27018/handcheck',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: '11025',
  MAILPIT_URL: 'http://127.0.0.1:18025',
};

function readEnvFile(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  return Object.fromEntries(
    readFileSync(path, 'utf8')
      .split('\n')
      .map((line) => /^([A-Z_]+)=(.*)$/.exec(line.trim()))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1] as string, (m[2] as string).replace(/^"|"$/g, '')]),
  );
}

export function testInfra(): TestInfra {
  const file = readEnvFile(
    join(process.env.HANDCHECK_VAR_DIR ?? join(REPO_ROOT, 'var/test'), 'infra.env'),
  );
  const get = (key: string): string =>
    process.env[`TEST_${key}`] ?? file[key] ?? DEFAULTS[key] ?? '';
  const login = (account: ClickHouseAccount): ClickHouseLogin => ({
    username: get(`CLICKHOUSE_${account.toUpperCase()}_USER`),
    password: get(`CLICKHOUSE_${account.toUpperCase()}_PASSWORD`),
  });
  return {
    kafkaBrokers: get('KAFKA_BROKERS'),
    clickhouseUrl: get('CLICKHOUSE_URL'),
    clickhouseTcpPort: Number(get('CLICKHOUSE_TCP_PORT')),
    clickhouse: Object.fromEntries(ACCOUNTS.map((a) => [a, login(a)])) as TestInfra['clickhouse'],
    mongoUrl: get('MONGO_URL'),
    smtpHost: get('SMTP_HOST'),
    smtpPort: Number(get('SMTP_PORT')),
    mailpitUrl: get('MAILPIT_URL'),
  };
}

/**
 * Where the test ClickHouse is and one account's login, for createClickHouse:
 * ingestion's unless told otherwise (the tests' own writes, databases and DDL).
 */
export function testClickHouseLogin(
  account: ClickHouseAccount = 'ingestion',
): ClickHouseLogin & { url: string } {
  const infra = testInfra();
  return { url: infra.clickhouseUrl, ...infra.clickhouse[account] };
}

/** A service's ClickHouse settings (CLICKHOUSE_URL, _USER, _PASSWORD) as the supervisor gives them. */
export function clickhouseServiceEnv(account: 'ingestion' | 'report'): Record<string, string> {
  const { url, username, password } = testClickHouseLogin(account);
  return { CLICKHOUSE_URL: url, CLICKHOUSE_USER: username, CLICKHOUSE_PASSWORD: password };
}

/** Polls until the check returns a value other than undefined, or fails after timeoutMs. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 5000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(
    `Condition not met within ${timeoutMs} ms${lastError ? `: ${String(lastError)}` : ''}`,
  );
}

/** A name no other test run uses, for databases, topics and consumer groups. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

/** Runs deploy/infra.sh for the test profile (used to stop and restart engines in failure tests). */
export function infraScript(): string {
  return join(REPO_ROOT, 'deploy/infra.sh');
}
