#!/usr/bin/env node
// Runs the built services for one profile, restarts any that exit (with
// backoff), writes each one's output to var/<profile>/log/<service>.log, and
// stops them all on SIGTERM. `start` detaches it; `stop` ends it by its PID.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, openSync } from 'node:fs';
import { getPriority } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  BACKGROUND_SERVICES,
  SERVICES,
  backgroundNice,
  clickhouseAccountEnv,
  healthUrl,
  metricsUrl,
  nodeOptionsEnv,
  portEnv,
  portOf,
  withoutClickHouseAccounts,
} from './services.config.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const usage = 'usage: supervisor.mjs <start|stop|status|urls> [--profile dev|test] [--only a,b] [--timeout s]';
const args = process.argv.slice(2);
const options = {
  profile: { type: 'string', default: 'dev' },
  only: { type: 'string', default: SERVICES.join(',') },
  timeout: { type: 'string', default: '120' },
};
const { values, positionals } = (() => {
  try {
    return parseArgs({ args, options, allowPositionals: true });
  } catch (error) {
    console.error(`${error.message}\n${usage}`);
    process.exit(2);
  }
})();
const [command] = positionals;
const { profile } = values;
const only = values.only.split(',');
const varDir = process.env.HANDCHECK_VAR_DIR ?? join(repo, 'var', profile);
const pidFile = join(varDir, 'run', 'supervisor.pid');
const logDir = join(varDir, 'log');
const secretsFile = join(varDir, 'secrets.env');

function readEnvFile(path) {
  if (!existsSync(path)) throw new Error(`${path} is missing: start the infrastructure first (deploy/infra.sh start --profile ${profile})`);
  return Object.fromEntries(
    readFileSync(path, 'utf8')
      .split('\n')
      .map((line) => /^([A-Z_]+)=(.*)$/.exec(line.trim()))
      .filter(Boolean)
      .map((m) => [m[1], m[2].replace(/^"|"$/g, '')]),
  );
}

/**
 * The secrets this profile's services share, made on the first start and kept (owner-only) in
 * var/<profile>/secrets.env: INTERNAL_GRPC_TOKEN, the credential every internal gRPC call
 * carries. Kept rather than made per start, so a service or script run by hand beside them
 * (`set -a; . var/dev/secrets.env; set +a`) can use the same value.
 */
function localSecrets() {
  mkdirSync(varDir, { recursive: true });
  const made = `# Made by scripts/supervisor.mjs for profile ${profile}; never commit it.\nINTERNAL_GRPC_TOKEN=${randomBytes(32).toString('hex')}\n`;
  try {
    // wx: two starts at once keep whichever file was written first.
    writeFileSync(secretsFile, made, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
  }
  return readEnvFile(secretsFile);
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function runningPid() {
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  return pid && alive(pid) ? pid : undefined;
}

/** Whether a health path (`ready` unless told otherwise) answers 2xx. */
async function healthy(service, kind = 'ready') {
  try {
    const response = await fetch(healthUrl(profile, service, kind), { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function waitHealthy(services, timeoutMs, supervisorPid) {
  const deadline = Date.now() + timeoutMs;
  const pending = new Set(services);
  while (pending.size > 0 && Date.now() < deadline && alive(supervisorPid)) {
    for (const service of [...pending]) if (await healthy(service)) pending.delete(service);
    if (pending.size > 0) await new Promise((r) => setTimeout(r, 300));
  }
  return [...pending];
}

function serviceEnv(service, infra, secrets) {
  // A port variable left in the caller's environment must not reach a service it is not for.
  // Nor a ClickHouse account: each service gets its own below, the others none.
  const inherited = withoutClickHouseAccounts(process.env);
  for (const name of ['PORT', 'METRICS_PORT', 'GRPC_PORT', 'CLICKHOUSE_USER', 'CLICKHOUSE_PASSWORD']) delete inherited[name];
  return {
    ...inherited,
    ...withoutClickHouseAccounts(infra),
    ...clickhouseAccountEnv(service, infra),
    // One value for all five, whatever the caller's environment holds.
    ...secrets,
    NODE_ENV: process.env.NODE_ENV ?? (profile === 'test' ? 'test' : 'development'),
    ...portEnv(profile, service),
    ...nodeOptionsEnv(service),
    HOST: '127.0.0.1',
    WEB_DIST_DIR: join(repo, 'web', 'dist'),
    SITE_ORIGIN: process.env.SITE_ORIGIN ?? `http://localhost:${portOf(profile, 'gateway')}`,
    // Every browser spec is the same client (127.0.0.1) and they run side by side, so the
    // referral limit of 5 per 10 minutes would answer 429 to the sixth spec that sends one.
    // The limit itself is tested on a gateway of its own (referral-pipeline.int-spec.ts).
    ...(profile === 'test' && service === 'gateway'
      ? { REFERRAL_RATE_LIMIT: process.env.REFERRAL_RATE_LIMIT ?? '1000' }
      : {}),
    // The gateway reads the directory, the report and the referral service over gRPC: this profile's ports, from the registry.
    ...(service === 'gateway'
      ? {
          DIRECTORY_GRPC_URL: `127.0.0.1:${portOf(profile, 'directory', 'grpcPort')}`,
          REPORT_GRPC_URL: `127.0.0.1:${portOf(profile, 'report', 'grpcPort')}`,
          REFERRAL_GRPC_URL: `127.0.0.1:${portOf(profile, 'referral', 'grpcPort')}`,
        }
      : {}),
  };
}

async function supervise() {
  const infra = readEnvFile(join(varDir, 'infra.env'));
  const secrets = localSecrets();
  // nice takes an increment: this one lands ingestion on the configured
  // niceness, unless the supervisor already runs at least that low (infra.sh
  // treats the engines the same way).
  const increment = Math.max(0, backgroundNice() - getPriority());
  // The services' own backoff, from the build: only `run` loads it, so stop and status work unbuilt.
  const { backoffDelay } = await import('@handcheck/server-kit/backoff');
  mkdirSync(logDir, { recursive: true });
  const children = new Map();
  let stopping = false;

  const launch = (service, attempt = 0) => {
    const log = createWriteStream(join(logDir, `${service}.log`), { flags: 'a' });
    const main = join(repo, 'services', service, 'dist', 'main.js');
    // nice execs node, so the child's PID is the service's own.
    const [file, argv] = BACKGROUND_SERVICES.includes(service) && increment > 0
      ? ['nice', ['-n', String(increment), process.execPath, main]]
      : [process.execPath, [main]];
    const child = spawn(file, argv, {
      cwd: join(repo, 'services', service),
      env: serviceEnv(service, infra, secrets),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    const startedAt = Date.now();
    children.set(service, child);
    child.on('exit', (code, signal) => {
      children.delete(service);
      if (stopping) return;
      // A service that ran for a while starts over at the shortest delay.
      const next = Date.now() - startedAt > 30_000 ? 0 : attempt + 1;
      const delay = backoffDelay(next, { firstMs: 500, maxMs: 30_000 });
      log.write(`\n[supervisor] ${service} exited (code ${code}, signal ${signal}); restarting in ${delay} ms\n`);
      setTimeout(() => launch(service, next), delay);
    });
  };

  for (const service of only) launch(service);

  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const child of children.values()) child.kill('SIGTERM');
    const deadline = Date.now() + 15_000;
    const timer = setInterval(() => {
      if (children.size === 0 || Date.now() > deadline) {
        for (const child of children.values()) child.kill('SIGKILL');
        clearInterval(timer);
        rmSync(pidFile, { force: true });
        process.exit(0);
      }
    }, 100);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

async function start() {
  let supervisorPid = runningPid();
  if (supervisorPid) {
    console.log(`Services (${profile}) already running under supervisor PID ${supervisorPid}.`);
  } else {
    backgroundNice(); // a bad value stops here, not in the detached supervisor
    for (const service of only) {
      if (!existsSync(join(repo, 'services', service, 'dist', 'main.js'))) {
        console.error(`services/${service} is not built: run npm run build first.`);
        process.exit(1);
      }
    }
    mkdirSync(dirname(pidFile), { recursive: true });
    mkdirSync(logDir, { recursive: true });
    localSecrets(); // made here, so a failure shows in this terminal, not the detached log
    // Likewise an infra.env without the services' ClickHouse accounts (written before they existed).
    const infra = readEnvFile(join(varDir, 'infra.env'));
    for (const service of only) clickhouseAccountEnv(service, infra);
    const out = openSync(join(logDir, 'supervisor.log'), 'a');
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'run', ...args.slice(1)], {
      detached: true,
      stdio: ['ignore', out, out],
      env: process.env,
    });
    writeFileSync(pidFile, String(child.pid));
    child.unref();
    supervisorPid = child.pid;
  }
  const timeoutMs = Number(values.timeout) * 1000;
  const unhealthy = await waitHealthy(only, timeoutMs, supervisorPid);
  if (!alive(supervisorPid)) {
    // It stops only on error (say, the engines are not up), and says why in its own log.
    const log = join(logDir, 'supervisor.log');
    console.error(`The supervisor (PID ${supervisorPid}) has exited. Last lines of ${log}:`);
    console.error(readFileSync(log, 'utf8').split('\n').slice(-25).join('\n'));
    process.exit(1);
  }
  if (unhealthy.length > 0) {
    for (const service of unhealthy) {
      const log = join(logDir, `${service}.log`);
      const state = (await healthy(service, 'live')) ? 'answers but is not ready' : 'does not answer';
      console.error(`\n${service} ${state} after ${timeoutMs / 1000} s (${healthUrl(profile, service)}). Last lines of ${log}:`);
      if (existsSync(log)) console.error(readFileSync(log, 'utf8').split('\n').slice(-25).join('\n'));
    }
    process.exit(1);
  }
  console.log(`All services ready (${only.join(', ')}).`);
}

async function stop() {
  const pid = runningPid();
  if (!pid) {
    rmSync(pidFile, { force: true });
    console.log(`Services (${profile}) are not running.`);
    return;
  }
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 20_000;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(pidFile, { force: true });
  console.log(`Services (${profile}) stopped.`);
}

async function status() {
  for (const service of only) {
    const state = (await healthy(service, 'ready')) ? 'ready' : (await healthy(service, 'live')) ? 'live, not ready' : 'down';
    console.log(`${service.padEnd(10)} ${state.padEnd(15)} ${healthUrl(profile, service)}`);
  }
}

/** Where each service answers, from the registry (what `make start` prints). */
async function urls() {
  const rows = only.map((service) => {
    const grpc = portOf(profile, service, 'grpcPort');
    return [service, healthUrl(profile, service), healthUrl(profile, service, 'live'), metricsUrl(profile, service), grpc ? `127.0.0.1:${grpc}` : ''];
  });
  const header = ['service', 'ready', 'live', 'metrics', 'gRPC'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  for (const row of [header, ...rows]) console.log(`  ${row.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd()}`);
}

const commands = { start, stop, status, urls, run: supervise };
if (!commands[command]) {
  console.error(usage);
  process.exit(2);
}
commands[command]().catch((error) => {
  console.error(error.message ?? error);
  process.exit(1);
});
