import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where `deploy/infra.sh start --profile test` puts the engines. */
export const REPO_ROOT = resolve(__dirname, '../../../..');

export interface TestInfra {
  kafkaBrokers: string;
  clickhouseUrl: string;
  mongoUrl: string;
  smtpHost: string;
  smtpPort: number;
  mailpitUrl: string;
}

const DEFAULTS: Record<string, string> = {
  KAFKA_BROKERS: '127.0.0.1:19092',
  CLICKHOUSE_URL: 'http://127.0.0.1:18123',
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
  return {
    kafkaBrokers: get('KAFKA_BROKERS'),
    clickhouseUrl: get('CLICKHOUSE_URL'),
    mongoUrl: get('MONGO_URL'),
    smtpHost: get('SMTP_HOST'),
    smtpPort: Number(get('SMTP_PORT')),
    mailpitUrl: get('MAILPIT_URL'),
  };
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
