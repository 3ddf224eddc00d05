// npm run bench:scale [-- --seconds 15 --small 1000000 --large 10000000 --runs 100 --single dev]
//
// The figures behind docs/operations/scaling.md's sizing table:
//  1. ingest end to end on the local cluster (profile scale: three Kafka brokers, topics with
//     3 replicas and min.insync.replicas 2, two ClickHouse replicas behind Distributed tables),
//     with one and then two ingestion replicas in one consumer group behind one gateway:
//     bench:ingest's throughput and latency phases against that gateway;
//  2. the weekly report's p99 (bench:report) on one ClickHouse server at --small and --large
//     events, their ratio (how its cost grows with traffic), and on the cluster at --large.
// Needs the build (`npm run build:server`) and the engines, started by hand so that nothing
// else runs meanwhile: `bash deploy/infra.sh start --profile scale` and
// `bash deploy/infra.sh start --profile <single> clickhouse` (dev by default). Every service it
// starts is stopped at the end; bench:report drops its databases itself.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { sparePort, stop } from './child-process';
import { REPO, commandOptions, profileEnv } from '../analytics/env';

const CLUSTER = 'handcheck';
/** The ClickHouse replicas of profile scale (deploy/engines/common.sh). */
const REPLICA_URLS = ['http://127.0.0.1:25123', 'http://127.0.0.1:25124'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startService(name: 'gateway' | 'ingestion', env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: join(REPO, 'services', name),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
  });
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') console.error(`${name} exited (${code ?? signal})`);
  });
  return child;
}

async function waitReady(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await sleep(500);
  }
  throw new Error(
    `${url} was not ready within ${timeoutMs / 1000} s (is the build there and the profile up?)`,
  );
}

/** Runs another bench script, printing its output, and returns it. */
async function bench(script: string, args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(REPO, 'scripts/bench', script), ...args],
    {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    process.stdout.write(chunk);
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${script} ${args.join(' ')} failed (${code})`);
  return output;
}

async function ingestOnCluster(replicas: number, seconds: number): Promise<string> {
  const env = profileEnv('scale');
  const kafka = {
    KAFKA_BROKERS: env.KAFKA_BROKERS!,
    KAFKA_REPLICATION_FACTOR: '3',
    KAFKA_MIN_INSYNC_REPLICAS: '2',
  };
  const gatewayPort = await sparePort();
  const services: ChildProcess[] = [];
  try {
    services.push(
      startService('gateway', {
        ...kafka,
        PORT: String(gatewayPort),
        METRICS_PORT: '0',
        MONGO_URL: env.MONGO_URL!,
        // The per-client limit is not what is measured: one client sends everything.
        EVENTS_RATE_PER_SECOND: '100000',
        EVENTS_BURST: '100000',
      }),
    );
    const ports: number[] = [];
    for (let i = 0; i < replicas; i++) {
      const port = await sparePort();
      ports.push(port);
      services.push(
        startService('ingestion', {
          ...kafka,
          PORT: String(port),
          // Each replica writes through its own ClickHouse server, as behind a load balancer.
          CLICKHOUSE_URL: REPLICA_URLS[i % REPLICA_URLS.length]!,
          CLICKHOUSE_CLUSTER: CLUSTER,
        }),
      );
    }
    await waitReady(`http://127.0.0.1:${gatewayPort}/api/health/ready`);
    for (const port of ports) await waitReady(`http://127.0.0.1:${port}/health/ready`);
    // Both replicas hold partitions before the load starts.
    await sleep(replicas > 1 ? 10_000 : 3_000);
    console.log(`\n== ingest on the cluster, ${replicas} ingestion replica(s) ==`);
    return await bench('ingest.ts', ['--seconds', String(seconds)], {
      GATEWAY_URL: `http://127.0.0.1:${gatewayPort}`,
      HANDCHECK_PROFILE: 'scale',
    });
  } finally {
    await Promise.all(services.map(stop));
  }
}

/** The report's first run after a start and its p99 over the runs after it. */
async function reportP99(label: string, events: number, runs: number, env: Record<string, string>) {
  console.log(`\n== weekly report, ${label}, ${events.toLocaleString('en-GB')} events ==`);
  const output = await bench(
    'report.ts',
    ['--events', String(events), '--runs', String(runs)],
    env,
  );
  const figure = (pattern: RegExp) => {
    const found = pattern.exec(output)?.[1];
    if (!found) throw new Error(`bench:report printed nothing matching ${pattern}`);
    return Number(found);
  };
  return {
    first: figure(/weekly stats, first run after a start: ([\d.]+) ms/),
    p99: figure(/weekly stats, \d+ runs after it: .*? p99 ([\d.]+) ms/),
  };
}

const figure = (pattern: RegExp, text: string) => pattern.exec(text)?.[1] ?? '?';

async function main(): Promise<void> {
  const { seconds, small, large, runs, single } = commandOptions({
    seconds: 15,
    small: 1_000_000,
    large: 10_000_000,
    runs: 100,
    single: 'dev',
  });
  const ingest = [];
  for (const replicas of [1, 2]) ingest.push(await ingestOnCluster(replicas, seconds));
  const one = { HANDCHECK_PROFILE: single, CLICKHOUSE_CLUSTER: '' };
  const smallP99 = await reportP99('one server', small, runs, one);
  const largeP99 = await reportP99('one server', large, runs, one);
  const clusterP99 = await reportP99(`cluster ${CLUSTER}`, large, runs, {
    HANDCHECK_PROFILE: 'scale',
    CLICKHOUSE_CLUSTER: CLUSTER,
  });

  console.log('\nbench:scale');
  ingest.forEach((text, i) =>
    console.log(
      `  ingest, ${i + 1} ingestion replica(s): ${figure(/end-to-end rate\s+(\d+) events\/s/, text)} events/s end to end ` +
        `(${figure(/count check\s+(.*)$/m, text)}); ${figure(/(gateway latency @.*? p99 [\d.]+ ms)/, text)}`,
    ),
  );
  console.log(
    `  weekly report p99, one server: ${smallP99.p99} ms at ${small.toLocaleString('en-GB')} events, ` +
      `${largeP99.p99} ms at ${large.toLocaleString('en-GB')} (first run after a start: ${smallP99.first} ms, ${largeP99.first} ms)`,
  );
  console.log(
    `  weekly report p99, cluster at ${large.toLocaleString('en-GB')} events: ${clusterP99.p99} ms (first run ${clusterP99.first} ms)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
