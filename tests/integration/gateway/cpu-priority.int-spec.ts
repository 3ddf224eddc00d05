import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '@handcheck/server-kit/testing';

// On one machine the pipeline's batch work (Kafka, ClickHouse, ingestion) runs
// at a lower CPU priority than the services that answer people; bench:ingest
// measured the gateway's p99 at 2,000 requests/s at about 10 ms with it, 27 without.
// These read the niceness of the processes `make test` started itself, which
// began at this process's niceness (`make test` may itself run under nice).
const normal = getPriority();
const configured = Number(process.env.HANDCHECK_BACKGROUND_NICE ?? '10');
const expected = Math.max(normal, configured);
const runDir = join(process.env.HANDCHECK_VAR_DIR ?? join(REPO_ROOT, 'var/test'), 'run');

/** Field 19 of /proc/<pid>/stat, counted after the command name, which may hold spaces. */
function niceness(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

function threadNiceness(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

/** The niceness of the process's scheduling autogroup, where the kernel has them. */
function autogroupNiceness(pid: number): number | undefined {
  const file = `/proc/${pid}/autogroup`;
  if (!existsSync(file)) return undefined;
  return Number(/ nice (-?\d+)/.exec(readFileSync(file, 'utf8'))?.[1]);
}

const enginePid = (engine: string) =>
  Number(readFileSync(join(runDir, `${engine}.pid`), 'utf8').trim());

/** The test profile's copy of a service: its main.js, listening on its test port. */
function servicePid(service: string, port: number): number {
  const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  for (const pid of pids) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!command.includes(join('services', service, 'dist', 'main.js'))) continue;
      const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      if (environment.includes(`PORT=${port}`)) return Number(pid);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  throw new Error(`No running ${service} on port ${port}: is the test profile up?`);
}

describe('CPU priority of the local stack', () => {
  it.each(['kafka', 'clickhouse'])(
    'runs %s, every thread, at the background niceness',
    (engine) => {
      const pid = enginePid(engine);
      const threads = threadNiceness(pid);
      expect(threads.length).toBeGreaterThan(1);
      expect(new Set(threads)).toEqual(new Set([expected]));
      // Its own session is its own autogroup (which starts at 0 whatever started
      // it), whose niceness is what counts against the services.
      expect(autogroupNiceness(pid) ?? configured).toBe(configured);
    },
  );

  it('runs ingestion at the background niceness', () => {
    expect(niceness(servicePid('ingestion', 18081))).toBe(expected);
  });

  it('leaves the services that answer people, and the stores they wait on, at normal priority', () => {
    expect(niceness(servicePid('gateway', 18080))).toBe(normal);
    expect(niceness(servicePid('directory', 18082))).toBe(normal);
    expect(niceness(enginePid('mongo'))).toBe(normal);
    expect(niceness(enginePid('mail'))).toBe(normal);
  });
});
