import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

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

export function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}
