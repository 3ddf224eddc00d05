import { execFileSync } from 'node:child_process';
import { infraScript } from '@handcheck/server-kit/testing';

export type Engine = 'kafka' | 'clickhouse' | 'mongo' | 'mail';

/** Stops or starts one real test engine, exactly as an outage would. */
export function engine(action: 'stop' | 'start', name: Engine): void {
  execFileSync('bash', [infraScript(), action, '--profile', 'test', name], {
    stdio: 'pipe',
    timeout: 180_000,
  });
}
