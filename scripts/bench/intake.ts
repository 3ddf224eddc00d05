// npm run bench:intake [-- --seconds 10 --connections 32 --batch 10 --per-address 20]
//
// Against a running `make start`, with nothing restarted and no setting changed. In one run:
//  1. a bare Node server (bare-intake-server.mjs, a child process) that reads and parses the
//     same bodies: its throughput and CPU per request, the yardstick; then the same on bare
//     Fastify with the gateway's headers (bare-fastify-intake-server.mjs), what the framework
//     alone costs; and bare Node's server again, handing each request to Kafka as the gateway
//     does (bare-kafka-intake-server.ts: kafkajs and the gateway's batching, to a topic made
//     for the bench and deleted after), what reading, parsing and producing cost by themselves;
//  2. the gateway's POST /api/events with the same closed-loop load: throughput, p50/p99/p99.9,
//     non-2xx answers by status, and its CPU per accepted request, from its own
//     process_cpu_seconds_total before and after (the gateway process alone: Kafka, ClickHouse
//     and ingestion share the cores, so CPU per request is the fair comparison and the
//     throughput ratio the one a visitor sees);
//  3. meanwhile, two slow clients, one sending its headers and one its body a byte a second:
//     when the gateway cut each off, beside its limit.
// The load comes from many addresses of 127.0.0.0/8 (closed-loop.ts), each sending fewer
// requests than the per-client burst, so the per-client limit is not what is measured.
// Prints the load average first: figures from a machine busy with other work are not comparable.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { Socket } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { TOPICS, TOPIC_PARTITIONS } from '@handcheck/contracts';
import { SERVICES } from '@handcheck/service-registry';
import { createKafka } from '@handcheck/server-kit/testing';
import { commandOptions, profileEnv } from '../analytics/env';
import { type CpuSeconds, askChild, childCpu, metricsCpu } from './child-process';
import { type ClosedLoopResult, closedLoop, percentileOf, postRequest } from './closed-loop';

const GATEWAY = process.env.GATEWAY_URL ?? `http://127.0.0.1:${SERVICES.gateway.httpPort}`;
const METRICS =
  process.env.GATEWAY_METRICS_URL ??
  `http://127.0.0.1:${SERVICES.gateway.metricsPort}${SERVICES.gateway.metricsPath}`;
/** The gateway's defaults (server-kit's CommonEnv), which `make start` does not change. */
const HEADERS_LIMIT_S = Number(process.env.HTTP_HEADERS_TIMEOUT_MS ?? 15_000) / 1000;
const REQUEST_LIMIT_S = Number(process.env.HTTP_REQUEST_TIMEOUT_MS ?? 30_000) / 1000;

function batchBody(sessionId: string, size: number, at: number): string {
  return JSON.stringify({
    events: Array.from({ length: size }, (_, i) => ({
      type: 'page_view',
      id: randomUUID(),
      sessionId,
      at,
      path: i % 2 ? '/conditions/trigger-finger' : '/',
    })),
  });
}

/** The gateway's CPU so far, from its own /metrics. */
const gatewayCpu = () => metricsCpu(METRICS);

const cpuSince = (before: CpuSeconds, after: CpuSeconds): CpuSeconds => ({
  user: after.user - before.user,
  system: after.system - before.system,
});
const totalOf = (cpu: CpuSeconds) => cpu.user + cpu.system;

interface Bare {
  origin: string;
  cpu(): Promise<CpuSeconds>;
  /** Resolves once the child has exited (killed after 10 s), so it costs nothing after. */
  stop(): Promise<void>;
}

async function startBare(file: string, env: NodeJS.ProcessEnv = {}): Promise<Bare> {
  // The child inherits tsx's loader from this process (npm runs the bench with tsx).
  const child = fork(join(__dirname, file), { stdio: 'inherit', env: { ...process.env, ...env } });
  const port = await askChild<number>(child, 'port');
  return {
    origin: `http://127.0.0.1:${port}`,
    cpu: () => childCpu(child),
    stop: async () => {
      const exited = once(child, 'exit');
      child.send('stop');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The headers the gateway sends on every answer (its security headers), as a yardstick sends them. */
async function gatewayHeaders(): Promise<Record<string, string>> {
  const answer = await fetch(`${GATEWAY}/api/health/live`);
  const own = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries([...answer.headers].filter(([name]) => !own.has(name)));
}

/** Sends the head (or the head and then the body) a byte a second; resolves with when the server closed. */
function slowClient(part: 'headers' | 'body'): Promise<number> {
  const { hostname, port } = new URL(GATEWAY);
  const body = batchBody(`bench-slow-${randomUUID().slice(0, 8)}`, 1, Date.now());
  const head = `POST /api/events HTTP/1.1\r\nhost: ${hostname}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n`;
  const slow = part === 'headers' ? head : body;
  return new Promise((resolve) => {
    const socket = new Socket();
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    let sentBytes = 0;
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve((performance.now() - started) / 1000);
    });
    socket.connect({ host: hostname, port: Number(port), localAddress: '127.0.0.254' }, () => {
      if (part === 'body') socket.write(head);
      timer = setInterval(() => {
        if (sentBytes < slow.length - 1) socket.write(slow[sentBytes++]!);
      }, 1000);
    });
  });
}

function summary(name: string, result: ClosedLoopResult, cpu: CpuSeconds): string {
  const cpuSeconds = totalOf(cpu);
  const ok = Object.entries(result.statuses)
    .filter(([status]) => status.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0);
  const other = Object.fromEntries(
    Object.entries(result.statuses).filter(([status]) => !status.startsWith('2')),
  );
  const ms = (p: number) => percentileOf(result.latencies, p).toFixed(2);
  return [
    `  ${name}`,
    `    2xx answers          ${ok} in ${result.seconds.toFixed(1)} s = ${Math.round(ok / result.seconds)}/s, from ${result.addresses} addresses`,
    `    latency              p50 ${ms(50)} ms, p99 ${ms(99)} ms, p99.9 ${ms(99.9)} ms`,
    `    non-2xx by status    ${Object.keys(other).length ? JSON.stringify(other) : 'none'}; connection errors ${result.errors}`,
    `    CPU per 2xx answer   ${ok ? ((cpuSeconds / ok) * 1e6).toFixed(0) : '-'} µs (${cpuSeconds.toFixed(2)} CPU-s)` +
      `; in user code ${ok ? ((cpu.user / ok) * 1e6).toFixed(0) : '-'} µs, in the kernel ${ok ? ((cpu.system / ok) * 1e6).toFixed(0) : '-'} µs`,
  ].join('\n');
}

async function main(): Promise<void> {
  const {
    seconds,
    connections,
    batch,
    'per-address': perAddress,
  } = commandOptions({
    seconds: 10,
    connections: 32,
    batch: 10,
    'per-address': 20,
  });
  const [one, five, fifteen] = loadavg();
  console.log(
    `load average before: ${one!.toFixed(2)} ${five!.toFixed(2)} ${fifteen!.toFixed(2)} (1, 5, 15 min)`,
  );
  const ready = await fetch(`${GATEWAY}/api/health/ready`).catch(() => undefined);
  if (ready?.status !== 200) throw new Error(`${GATEWAY} is not ready: run \`make start\` first.`);

  // Bodies made before the clock starts; the same ones for both servers.
  const session = `bench-intake-${randomUUID().slice(0, 8)}`;
  const now = Date.now();
  const bodies = Array.from({ length: 4096 }, (_, i) =>
    batchBody(`${session}-${i % 512}`, batch, now),
  );
  const load = (origin: string, forSeconds = seconds) => {
    const requests = bodies.map((body) =>
      postRequest(origin, '/api/events', body, 'HandCheckBench/1.0'),
    );
    return closedLoop({
      origin,
      connections,
      perAddress,
      requests: Number.MAX_SAFE_INTEGER,
      seconds: forSeconds,
      request: (i) => requests[i % requests.length]!,
    });
  };
  console.log(
    `bench:intake: ${connections} connections, ${batch}-event batches, ${seconds} s each, ${perAddress} requests per address`,
  );

  const slow = Promise.all([slowClient('headers'), slowClient('body')]);

  /** A yardstick's 2xx answers and CPU under the same load, after a 2 s warm-up (JIT, caches). */
  const measureChild = async (server: Bare) => {
    await load(server.origin, 2);
    const cpuBefore = await server.cpu();
    const result = await load(server.origin);
    const cpu = cpuSince(cpuBefore, await server.cpu());
    await server.stop();
    return { result, cpu };
  };
  const bare = await measureChild(await startBare('bare-intake-server.mjs'));
  const fastify = await measureChild(
    await startBare('bare-fastify-intake-server.mjs', {
      BENCH_HEADERS: JSON.stringify(await gatewayHeaders()),
    }),
  );
  const withKafka = await withBenchTopic((yardstick) =>
    startBare('bare-kafka-intake-server.ts', yardstick).then(measureChild),
  );

  await load(GATEWAY, 2);
  const gatewayCpuBefore = await gatewayCpu();
  const gatewayResult = await load(GATEWAY);
  const gatewayUsed = cpuSince(gatewayCpuBefore, await gatewayCpu());

  const twoXx = (result: ClosedLoopResult) =>
    Object.entries(result.statuses)
      .filter(([status]) => status.startsWith('2'))
      .reduce((sum, [, n]) => sum + n, 0);
  const perSecond = (result: ClosedLoopResult) => twoXx(result) / result.seconds;
  const cpuPerOk = (result: ClosedLoopResult, cpu: CpuSeconds) => totalOf(cpu) / twoXx(result);
  const userPerOk = (result: ClosedLoopResult, cpu: CpuSeconds) => cpu.user / twoXx(result);
  console.log('\nbench:intake');
  console.log(summary('bare Node (reads and parses the body)', bare.result, bare.cpu));
  console.log(
    summary("bare Fastify (the same, with the gateway's headers)", fastify.result, fastify.cpu),
  );
  console.log(
    summary(
      'bare Node producing to Kafka (the same, and kafkajs)',
      withKafka.result,
      withKafka.cpu,
    ),
  );
  console.log(summary(`gateway ${GATEWAY}/api/events`, gatewayResult, gatewayUsed));
  const gatewayCpuPerOk = cpuPerOk(gatewayResult, gatewayUsed);
  const gatewayUserPerOk = userPerOk(gatewayResult, gatewayUsed);
  console.log(
    `  throughput ratio       ${(perSecond(gatewayResult) / perSecond(bare.result)).toFixed(2)} (gateway 2xx/s ÷ bare Node 2xx/s); ${(perSecond(gatewayResult) / perSecond(fastify.result)).toFixed(2)} of bare Fastify's`,
  );
  console.log(
    `  CPU per request ratio  ${(gatewayCpuPerOk / cpuPerOk(bare.result, bare.cpu)).toFixed(2)} (gateway ÷ bare Node); ${(gatewayCpuPerOk / cpuPerOk(fastify.result, fastify.cpu)).toFixed(2)} of bare Fastify's; bare Fastify ÷ bare Node ${(cpuPerOk(fastify.result, fastify.cpu) / cpuPerOk(bare.result, bare.cpu)).toFixed(2)}`,
  );
  console.log(
    `  with Kafka             gateway ÷ bare Node producing ${(gatewayCpuPerOk / cpuPerOk(withKafka.result, withKafka.cpu)).toFixed(2)} (CPU), ${(perSecond(gatewayResult) / perSecond(withKafka.result)).toFixed(2)} (throughput); bare Node producing ÷ bare Node ${(cpuPerOk(withKafka.result, withKafka.cpu) / cpuPerOk(bare.result, bare.cpu)).toFixed(2)} (CPU)`,
  );

  // The kernel's share is mostly the sends: on loopback the sender's CPU also delivers to the
  // load generator and wakes it, which costs more the more often it sleeps (a slower server).
  console.log(
    `  user-code CPU ratio    ${(gatewayUserPerOk / userPerOk(bare.result, bare.cpu)).toFixed(2)} (gateway ÷ bare Node); ${(gatewayUserPerOk / userPerOk(fastify.result, fastify.cpu)).toFixed(2)} of bare Fastify's`,
  );
  console.log('  slow clients (a byte a second), waiting for the gateway to cut them off…');
  const [headersCut, bodyCut] = await slow;
  console.log(
    `    headers              closed after ${headersCut.toFixed(1)} s (limit ${HEADERS_LIMIT_S} s)`,
  );
  console.log(
    `    body                 closed after ${bodyCut.toFixed(1)} s (limit ${REQUEST_LIMIT_S} s)`,
  );
}

/**
 * Runs `use` with a topic of the analytics topic's partition count made for it, deleted after
 * (so ingestion and ClickHouse never see the yardstick's messages), as the yardstick's settings.
 */
async function withBenchTopic<T>(use: (yardstick: NodeJS.ProcessEnv) => Promise<T>): Promise<T> {
  const brokers = profileEnv().KAFKA_BROKERS ?? '127.0.0.1:9092';
  const admin = createKafka({ clientId: 'bench-intake', brokers: brokers.split(',') }).admin();
  const topic = `bench.intake.${randomUUID().slice(0, 8)}`;
  const partitions = TOPIC_PARTITIONS[TOPICS.analyticsEventBatches];
  await admin.connect();
  try {
    await admin.createTopics({ topics: [{ topic, numPartitions: partitions }] });
    return await use({
      BENCH_TOPIC: topic,
      BENCH_PARTITIONS: String(partitions),
      BENCH_BROKERS: brokers,
    });
  } finally {
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
