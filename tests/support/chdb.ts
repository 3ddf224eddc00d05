import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '@handcheck/server-kit/testing';

/** A statement for chDB; `data` follows it on its own line (an INSERT's rows). */
export interface ChdbStatement {
  sql: string;
  data?: string;
}

/** What one statement gave: its rows (JSONEachRow, parsed), or ClickHouse's error text. */
export type ChdbOutcome = { rows: Array<Record<string, unknown>> } | { error: string };

/** The venv's python with chDB, installed (cached) by scripts/chdb/ensure.sh. */
export function chdbPython(): string {
  const output = execFileSync('bash', [join(REPO_ROOT, 'scripts', 'chdb', 'ensure.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 600_000,
  });
  return output.trim().split('\n').pop()!;
}

/**
 * Runs `statements` in order on chDB (a current ClickHouse, in process) with its
 * data in `path` and `settings` set first; every statement runs, whatever the
 * one before gave. Times read and written in UTC.
 */
export function runOnChdb(
  python: string,
  path: string,
  settings: Readonly<Record<string, string | number>>,
  statements: readonly ChdbStatement[],
): ChdbOutcome[] {
  const result = spawnSync(python, [join(REPO_ROOT, 'scripts', 'chdb', 'run.py')], {
    input: JSON.stringify({ path, settings, statements }),
    encoding: 'utf8',
    env: { ...process.env, TZ: 'UTC' },
    maxBuffer: 256 * 1024 * 1024,
    timeout: 300_000,
  });
  if (result.status !== 0) {
    throw new Error(`chDB runner exited with ${result.status}: ${result.error ?? result.stderr}`);
  }
  return JSON.parse(result.stdout) as ChdbOutcome[];
}
