// Which services run, on which ports and health paths, per profile. Everything
// here is derived from the one service registry,
// packages/service-registry/src/services.json (plain JSON, so this plain-node
// file reads it without a build). `make start` uses the dev profile, the
// registry's own ports; `make test` uses test, the same ports plus
// testPortOffset, so both can run side by side.
import { readFileSync } from 'node:fs';

export const REGISTRY = JSON.parse(
  readFileSync(new URL('../packages/service-registry/src/services.json', import.meta.url), 'utf8'),
);

export const PROFILES = ['dev', 'test'];
export const SERVICES = Object.keys(REGISTRY.services);
export const TEST_PORT_OFFSET = REGISTRY.testPortOffset;

function entry(service) {
  const found = REGISTRY.services[service];
  if (!found)
    throw new Error(`unknown service '${service}'; the registry lists ${SERVICES.join(', ')}`);
  return found;
}

/** A port of a service as the profile runs it; undefined when the service has none of that kind. */
export function portOf(profile, service, kind = 'httpPort') {
  if (!PROFILES.includes(profile))
    throw new Error(`unknown profile '${profile}' (${PROFILES.join(' or ')})`);
  const port = entry(service)[kind];
  if (port === null || port === undefined) return undefined;
  return profile === 'test' ? port + TEST_PORT_OFFSET : port;
}

/** HTTP port of every service, per profile: { dev: { gateway: 8080, … }, test: { gateway: 18080, … } }. */
export const PORTS = Object.fromEntries(
  PROFILES.map((profile) => [
    profile,
    Object.fromEntries(SERVICES.map((service) => [service, portOf(profile, service)])),
  ]),
);

/**
 * The port variables a service reads: PORT always, METRICS_PORT where /metrics
 * has its own port (the gateway: its HTTP port is public), GRPC_PORT where the
 * service serves gRPC (directory, report).
 */
export function portEnv(profile, service) {
  const { httpPort, metricsPort } = entry(service);
  const env = { PORT: String(portOf(profile, service)) };
  if (metricsPort !== httpPort) env.METRICS_PORT = String(portOf(profile, service, 'metricsPort'));
  const grpc = portOf(profile, service, 'grpcPort');
  if (grpc !== undefined) env.GRPC_PORT = String(grpc);
  return env;
}

/**
 * A health URL: `ready` (the service can do its job: what `make start`, `make
 * test` and the container health check wait for) or `live` (the process answers).
 */
export function healthUrl(profile, service, kind = 'ready') {
  const path = entry(service).health[kind];
  if (!path) throw new Error(`health kind must be live or ready, not '${kind}'`);
  return `http://127.0.0.1:${portOf(profile, service)}${path}`;
}

export function metricsUrl(profile, service) {
  return `http://127.0.0.1:${portOf(profile, service, 'metricsPort')}${entry(service).metricsPath}`;
}

// Batch work that can wait for the CPU on a machine shared with the services
// that answer people; Kafka and ClickHouse get the same (deploy/engines/common.sh).
export const BACKGROUND_SERVICES = SERVICES.filter((service) => entry(service).background);

/**
 * NODE_OPTIONS for a service: the caller's, then the registry's flags for it (a later V8 flag
 * wins), as the compose file and the chart set them.
 */
export function nodeOptionsEnv(service, inherited = process.env.NODE_OPTIONS) {
  const options = [inherited, ...entry(service).nodeOptions].filter(Boolean).join(' ');
  return options ? { NODE_OPTIONS: options } : {};
}

/** The batch side's CPU niceness: HANDCHECK_BACKGROUND_NICE, 0 to 19, default 10; 0 turns it off. */
export function backgroundNice() {
  const value = process.env.HANDCHECK_BACKGROUND_NICE ?? '10';
  if (!/^(\d|1\d)$/.test(value)) {
    throw new Error(
      `HANDCHECK_BACKGROUND_NICE must be a whole number from 0 to 19, not '${value}'`,
    );
  }
  return Number(value);
}

/**
 * The ClickHouse account each service signs in with: ingestion writes and
 * migrates the schema, report only reads (readonly = 2). deploy/infra.sh writes
 * each account's user and password into infra.env as CLICKHOUSE_<ACCOUNT>_USER
 * and _PASSWORD (deploy/clickhouse/users.d/handcheck.xml defines them).
 */
export const CLICKHOUSE_ACCOUNTS = { ingestion: 'INGESTION', report: 'REPORT' };

// Every service the registry gives ClickHouse has an account, and only those.
const usesClickHouse = SERVICES.filter((service) => entry(service).engines.includes('clickhouse'));
if (usesClickHouse.join() !== Object.keys(CLICKHOUSE_ACCOUNTS).join()) {
  throw new Error(
    `CLICKHOUSE_ACCOUNTS names ${Object.keys(CLICKHOUSE_ACCOUNTS).join(', ')}, but the registry gives ClickHouse to ${usesClickHouse.join(', ')}`,
  );
}

const ACCOUNT_VARIABLE = /^CLICKHOUSE_[A-Z]+_(USER|PASSWORD)$/;

/** Variables without every account's user and password: what a service must not get wholesale. */
export function withoutClickHouseAccounts(variables) {
  return Object.fromEntries(
    Object.entries(variables).filter(([name]) => !ACCOUNT_VARIABLE.test(name)),
  );
}

/** CLICKHOUSE_USER and CLICKHOUSE_PASSWORD of the service's own account, from infra.env's variables; none for a service without ClickHouse. */
export function clickhouseAccountEnv(service, infra) {
  const account = CLICKHOUSE_ACCOUNTS[service];
  if (!account) return {};
  const user = infra[`CLICKHOUSE_${account}_USER`];
  const password = infra[`CLICKHOUSE_${account}_PASSWORD`];
  if (!user || !password) {
    throw new Error(
      `infra.env has no CLICKHOUSE_${account}_USER and CLICKHOUSE_${account}_PASSWORD for ${service}: start the engines again (deploy/infra.sh start) to write them`,
    );
  }
  return { CLICKHOUSE_USER: user, CLICKHOUSE_PASSWORD: password };
}
