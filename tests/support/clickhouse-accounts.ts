import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@handcheck/server-kit/testing';

/** The accounts' file every ClickHouse of the product is given (docker-compose.yml, the charts, infra.sh). */
export const ACCOUNTS_FILE = join(REPO_ROOT, 'deploy/clickhouse/users.d/handcheck.xml');

/**
 * The settings of one profile of the accounts' file, in the file's order, as
 * name → text; `profile` (the one it starts from) left out.
 */
export function accountProfileSettings(profile: 'analyst' | 'report'): Record<string, string> {
  const xml = readFileSync(ACCOUNTS_FILE, 'utf8').replace(/<!--[\s\S]*?-->/g, '');
  const profiles = /<profiles>([\s\S]*?)<\/profiles>/.exec(xml)?.[1] ?? '';
  const body = new RegExp(`<${profile}>([\\s\\S]*?)</${profile}>`).exec(profiles)?.[1];
  if (body === undefined) throw new Error(`${ACCOUNTS_FILE} has no profile ${profile}`);
  return Object.fromEntries(
    [...body.matchAll(/<([a-z_]+)>([^<]*)<\/\1>/g)]
      .filter((m) => m[1] !== 'profile')
      .map((m) => [m[1]!, m[2]!.trim()]),
  );
}

/** One account of the accounts' file: its name, profile and the variable its password comes from. */
export interface AccountOfFile {
  user: string;
  profile: string;
  passwordFrom: string;
}

/** The accounts the file defines, in its order. */
export function accountsOfFile(): AccountOfFile[] {
  const xml = readFileSync(ACCOUNTS_FILE, 'utf8').replace(/<!--[\s\S]*?-->/g, '');
  const users = /<users>([\s\S]*?)<\/users>/.exec(xml)?.[1] ?? '';
  return [...users.matchAll(/<([a-z_]+)>([\s\S]*?)<\/\1>/g)].map(([, user, body]) => ({
    user: user!,
    profile: /<profile>([^<]*)<\/profile>/.exec(body!)?.[1] ?? '',
    passwordFrom: /<password from_env="([A-Z_]+)"\s*\/>/.exec(body!)?.[1] ?? '',
  }));
}
