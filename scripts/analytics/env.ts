import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

export const REPO = resolve(__dirname, '../..');

/** Connection settings of a running profile (written by deploy/infra.sh start). */
export function profileEnv(
  profile = process.env.HANDCHECK_PROFILE ?? 'dev',
): Record<string, string> {
  const file = join(REPO, 'var', profile, 'infra.env');
  if (!existsSync(file)) throw new Error(`${file} not found: run \`make start\` first.`);
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => /^([A-Z_]+)=(.*)$/.exec(line.trim()))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1] as string, m[2] as string]),
  );
}

/** A ClickHouse account of deploy/clickhouse/users.d/handcheck.xml, or `default`. */
export type ClickHouseAccount = 'INGESTION' | 'REPORT' | 'ANALYST' | 'DEFAULT';

/**
 * One ClickHouse account's user and password from a profile's infra.env, where
 * deploy/infra.sh writes each: ingestion to write and make tables, report to read.
 */
export function clickhouseLogin(
  env: Record<string, string>,
  account: ClickHouseAccount,
): { username: string; password: string } {
  const username = env[`CLICKHOUSE_${account}_USER`];
  const password = env[`CLICKHOUSE_${account}_PASSWORD`];
  if (!username || !password) {
    throw new Error(
      `infra.env has no CLICKHOUSE_${account}_USER and CLICKHOUSE_${account}_PASSWORD: run \`make start\` again to write them.`,
    );
  }
  return { username, password };
}

/**
 * A command's --name value options by util.parseArgs: each default's type is its option's
 * (a number must be positive; undefined stands for a number with no default). Anything
 * else on the command line is an error.
 */
export function commandOptions<T extends Record<string, number | string | undefined>>(
  defaults: T,
  args = process.argv.slice(2),
): T {
  const options = Object.fromEntries(
    Object.keys(defaults).map((name) => [name, { type: 'string' as const }]),
  );
  const { values } = parseArgs({ args, options });
  const parsed = Object.entries(defaults).map(([name, fallback]) => {
    const given = values[name];
    if (typeof fallback === 'string') return [name, given ?? fallback];
    const value = given === undefined ? fallback : Number(given);
    if (value !== undefined && !(Number.isFinite(value) && value > 0)) {
      throw new Error(`--${name} must be a positive number`);
    }
    return [name, value];
  });
  return Object.fromEntries(parsed) as T;
}
