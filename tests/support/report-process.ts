import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import {
  REPO_ROOT,
  TEST_INTERNAL_GRPC_TOKEN,
  clickhouseServiceEnv,
} from '@handcheck/server-kit/testing';
import { freePort } from './apps';

/** A weekly run as the report service keeps it in MongoDB (collection report_runs). */
export interface ReportRun {
  _id: string;
  status: string;
  lease_owner: string;
  attempts: number;
}

/**
 * The built report service (services/report/dist) as a process of its own, as it is
 * deployed, so a test can kill it with SIGKILL; it mails through 127.0.0.1:smtpPort.
 */
export async function spawnReport(
  env: Record<string, string>,
  smtpPort: number,
): Promise<ChildProcess> {
  return spawn(process.execPath, ['dist/main.js'], {
    cwd: join(REPO_ROOT, 'services/report'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      GRPC_PORT: String(await freePort()),
      // What the in-process services of the tests present (apps.ts), were they to call it.
      INTERNAL_GRPC_TOKEN: TEST_INTERNAL_GRPC_TOKEN,
      ...clickhouseServiceEnv('report'),
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      ...env,
    },
  });
}

/** SIGKILL, as a crash or an OOM kill ends a pod's process; resolves once it is gone. */
export async function killHard(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
