import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_PORT_OFFSET } from '@handcheck/service-registry';
import {
  REGISTRY,
  REPO_ROOT,
  SERVICE_NAMES,
  envDefaultProblems,
  expectedPortEnv,
} from './deploy-checks';

const REGISTRY_FILE = 'packages/service-registry/src/services.json';

// The plain-node readers of the service registry: scripts/services.config.mjs
// (the supervisor behind `make start` and `make test`) and the container health
// check. Both are ES modules, so they run in a child node, as they do for real.

function fromServicesConfig(expression: string): unknown {
  const script = `import * as c from './scripts/services.config.mjs'; console.log(JSON.stringify(${expression}));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    // Piped, so a thrown error's text is in the failure rather than in the test's output.
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(out);
}

describe('scripts/services.config.mjs', () => {
  it('lists the registry services, with batch work in the background', () => {
    expect(fromServicesConfig('c.SERVICES')).toEqual([...SERVICE_NAMES]);
    expect(fromServicesConfig('c.BACKGROUND_SERVICES')).toEqual(
      SERVICE_NAMES.filter((n) => REGISTRY[n].background),
    );
  });

  it('starts each service with the port variables of its profile (test adds the offset)', () => {
    const env = fromServicesConfig(
      `Object.fromEntries(['dev', 'test'].map((p) => [p, Object.fromEntries(c.SERVICES.map((s) => [s, c.portEnv(p, s)]))]))`,
    ) as Record<'dev' | 'test', Record<string, Record<string, string>>>;
    for (const name of SERVICE_NAMES) {
      const dev = expectedPortEnv(name);
      const test = Object.fromEntries(
        Object.entries(dev).map(([k, v]) => [k, String(Number(v) + TEST_PORT_OFFSET)]),
      );
      expect([name, env.dev[name], env.test[name]]).toEqual([name, dev, test]);
    }
    expect(env.test.gateway).toEqual({ PORT: '18080', METRICS_PORT: '19080' });
  });

  it('waits on the ready path and can show the live and metrics URLs', () => {
    const urls = fromServicesConfig(
      `c.SERVICES.map((s) => [c.healthUrl('test', s), c.healthUrl('dev', s, 'live'), c.metricsUrl('dev', s)])`,
    );
    expect(urls).toEqual(
      SERVICE_NAMES.map((n) => {
        const e = REGISTRY[n];
        return [
          `http://127.0.0.1:${e.httpPort + TEST_PORT_OFFSET}${e.health.ready}`,
          `http://127.0.0.1:${e.httpPort}${e.health.live}`,
          `http://127.0.0.1:${e.metricsPort}${e.metricsPath}`,
        ];
      }),
    );
  });

  it('gives each ClickHouse service its own account from infra.env, and the others none of them', () => {
    const infra = {
      CLICKHOUSE_URL: 'http://127.0.0.1:18123',
      CLICKHOUSE_DEFAULT_USER: 'default',
      CLICKHOUSE_DEFAULT_PASSWORD: 'd',
      CLICKHOUSE_INGESTION_USER: 'ingestion',
      CLICKHOUSE_INGESTION_PASSWORD: 'i',
      CLICKHOUSE_REPORT_USER: 'report',
      CLICKHOUSE_REPORT_PASSWORD: 'r',
      CLICKHOUSE_ANALYST_USER: 'analyst',
      CLICKHOUSE_ANALYST_PASSWORD: 'a',
    };
    const env = fromServicesConfig(
      `Object.fromEntries(c.SERVICES.map((s) => [s, { ...c.withoutClickHouseAccounts(${JSON.stringify(infra)}), ...c.clickhouseAccountEnv(s, ${JSON.stringify(infra)}) }]))`,
    ) as Record<string, Record<string, string>>;
    const url = { CLICKHOUSE_URL: infra.CLICKHOUSE_URL };
    expect(env).toEqual({
      gateway: url,
      ingestion: { ...url, CLICKHOUSE_USER: 'ingestion', CLICKHOUSE_PASSWORD: 'i' },
      directory: url,
      referral: url,
      report: { ...url, CLICKHOUSE_USER: 'report', CLICKHOUSE_PASSWORD: 'r' },
    });
    // Exactly the services the registry gives ClickHouse have an account.
    expect(Object.keys(fromServicesConfig('c.CLICKHOUSE_ACCOUNTS') as object)).toEqual(
      SERVICE_NAMES.filter((n) => REGISTRY[n].engines.includes('clickhouse')),
    );
  });

  it('refuses to start a ClickHouse service from an infra.env without its account', () => {
    expect(() => fromServicesConfig(`c.clickhouseAccountEnv('report', {})`)).toThrow(
      /infra\.env has no CLICKHOUSE_REPORT_USER and CLICKHOUSE_REPORT_PASSWORD for report/,
    );
  });
});

describe('README, "What runs where"', () => {
  it("lists each service's health, metrics and gRPC ports for both profiles as the registry has them", () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## What runs where'), readme.indexOf('## Layout'));
    const row = (start: string) =>
      section.split('\n').find((line) => line.startsWith(`| ${start}`)) ?? '';
    const ports = (line: string, dev: string, port: number) => {
      expect(line).toContain(`| ${dev}:${port}`);
      expect(line).toMatch(new RegExp(`\\| ${port + TEST_PORT_OFFSET} \\|$`));
    };
    for (const name of SERVICE_NAMES) {
      const e = REGISTRY[name];
      const http = name === 'gateway' ? row('Site + REST API') : row(`${name} \``);
      expect([name, http]).toEqual([name, expect.stringContaining(`\`${e.health.ready}\``)]);
      expect(http).toContain(`\`${e.health.live}\``);
      ports(http, 'http://localhost', e.httpPort);
      const metrics = e.metricsPort === e.httpPort ? http : row(`${name} \`${e.metricsPath}\``);
      expect(metrics).toContain(`\`${e.metricsPath}\``);
      if (e.metricsPort !== e.httpPort) ports(metrics, 'http://localhost', e.metricsPort);
      if (e.grpcPort !== null) ports(row(`${name} gRPC`), '127.0.0.1', e.grpcPort);
    }
  });
});

describe("the services' own defaults", () => {
  it('listen where the registry says, each Env class read by instantiating it', () => {
    expect(envDefaultProblems()).toEqual([]);
  });
});

describe('deploy/docker/healthcheck.mjs', () => {
  // Laid out as in the image: the script with the registry beside it.
  let dir: string;
  let server: Server;
  let port: number;
  const asked: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'handcheck-healthcheck-'));
    copyFileSync(join(REPO_ROOT, 'deploy/docker/healthcheck.mjs'), join(dir, 'healthcheck.mjs'));
    copyFileSync(join(REPO_ROOT, REGISTRY_FILE), join(dir, 'services.json'));
    // Live everywhere; ready only on the gateway's ready path.
    server = createServer((req, res) => {
      asked.push(req.url ?? '');
      const ok = req.url?.endsWith('/live') || req.url === REGISTRY.gateway.health.ready;
      res.writeHead(ok ? 200 : 503).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  function check(env: Record<string, string>): Promise<{ code: number; stderr: string }> {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [join(dir, 'healthcheck.mjs')],
        { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 10_000 },
        (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
      );
    });
  }

  it("asks the service's ready path on PORT and is healthy only when it answers 2xx", async () => {
    asked.length = 0;
    expect(await check({ SERVICE: 'gateway', PORT: String(port) })).toEqual({
      code: 0,
      stderr: '',
    });
    expect(asked).toEqual([REGISTRY.gateway.health.ready]);

    asked.length = 0;
    const notReady = await check({ SERVICE: 'referral', PORT: String(port) });
    expect(notReady.code).toBe(1);
    expect(notReady.stderr).toContain(`${REGISTRY.referral.health.ready} answered 503`);
    expect(asked).toEqual([REGISTRY.referral.health.ready]);
  });

  it('refuses a service the registry does not list', async () => {
    const result = await check({ SERVICE: 'billing', PORT: String(port) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('unknown SERVICE "billing"');
  });
});
