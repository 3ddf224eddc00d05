// npm run bench:ingest [-- --requests 12000 --batch 10 --connections 32 --rate 2000 --seconds 15]
//
// Needs `make start` running, as it is: the load comes from many addresses of 127.0.0.0/8, each
// sending fewer requests than the per-client burst (closed-loop.ts, as bench:intake), so the
// per-client limit needs no raising. Two phases against the real stack:
//  1. throughput (closed loop): as many requests as the gateway takes, each a
//     batch of --batch events → events/s accepted and end to end, gateway
//     p50/p99, lag until queryable in ClickHouse, the count check
//     (accepted = stored), and ingestion's CPU per stored event (its
//     process_cpu_seconds_total from the first request until all are stored).
//  2. latency (paced-load.ts): requests leaving on an even schedule at --rate
//     per second, each a batch the size browsers send (the tracker's mix, about
//     2.5 events; --latency-batch N for a fixed size) → gateway p50/p99 at that
//     rate, counted from when each request was due.
// --analyst-queries N keeps N heavy queries of the analyst account going through
// phase 1 (analyst-load.ts): the end-to-end rate and the count check with them,
// against a run without; queries the account's limit refused are counted apart.
import { randomUUID } from 'node:crypto';
import { SERVICES } from '@handcheck/service-registry';
import { createClickHouse, sqlString } from '@handcheck/server-kit';
import { clickhouseLogin, commandOptions, profileEnv } from '../analytics/env';
import { startAnalystLoad } from './analyst-load';
import { metricsCpu } from './child-process';
import { closedLoop, percentileOf, postRequest } from './closed-loop';
import { pacedLoad } from './paced-load';

/** Requests one address sends: under the gateway's default per-client burst (EVENTS_BURST, 40). */
const PER_ADDRESS = 20;

/**
 * Batch sizes as the browser tracker sends them (it flushes 1.5 s after the
 * first event): a landing (session start, site visit, page view), single page
 * views and checker steps, a finished checker (completed, diagnosis,
 * completion record, page view), and now and then a busy burst.
 */
const TRACKER_MIX: Array<[size: number, share: number]> = [
  [1, 0.45],
  [2, 0.2],
  [3, 0.2],
  [4, 0.1],
  [8, 0.05],
];

function mixSize(index: number): number {
  // Deterministic spread over the mix, so every run sends the same traffic.
  let point = (((index * 0.618_033_988_75) % 1) + 1) % 1;
  for (const [size, share] of TRACKER_MIX) {
    if (point < share) return size;
    point -= share;
  }
  return 1;
}

const GATEWAY = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
const GATEWAY_METRICS =
  process.env.GATEWAY_METRICS_URL ??
  `http://127.0.0.1:${SERVICES.gateway.metricsPort}${SERVICES.gateway.metricsPath}`;
const INGESTION_METRICS =
  process.env.INGESTION_METRICS_URL ??
  `http://127.0.0.1:${SERVICES.ingestion.metricsPort}${SERVICES.ingestion.metricsPath}`;

/** The gateway's own pauses so far: its collections, and its event loop's delay since the last scrape. */
interface GatewayPauses {
  minorCount: number;
  minorSeconds: number;
  majorCount: number;
  majorSeconds: number;
  loopP99Seconds: number;
  loopMaxSeconds: number;
}

/**
 * Reads the pauses from the gateway's /metrics (prom-client's defaults). Its event-loop figures
 * cover the time since the previous scrape, so a scrape before a phase starts them afresh.
 */
async function gatewayPauses(): Promise<GatewayPauses> {
  const text = await (await fetch(GATEWAY_METRICS)).text();
  const read = (name: string, labels = '') => {
    const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(labels));
    return Number(line?.split(' ').at(-1) ?? NaN);
  };
  return {
    minorCount: read('nodejs_gc_duration_seconds_count', 'kind="minor"'),
    minorSeconds: read('nodejs_gc_duration_seconds_sum', 'kind="minor"'),
    majorCount: read('nodejs_gc_duration_seconds_count', 'kind="major"'),
    majorSeconds: read('nodejs_gc_duration_seconds_sum', 'kind="major"'),
    loopP99Seconds: read('nodejs_eventloop_lag_p99_seconds'),
    loopMaxSeconds: read('nodejs_eventloop_lag_max_seconds'),
  };
}

function pausesLine(before: GatewayPauses, after: GatewayPauses, seconds: number): string {
  const minor = after.minorCount - before.minorCount;
  const major = after.majorCount - before.majorCount;
  const ms = (s: number) => (s * 1000).toFixed(1);
  return (
    `young-generation collections ${minor} (one every ${minor ? Math.round((seconds * 1000) / minor) : '-'} ms, ` +
    `${minor ? ms((after.minorSeconds - before.minorSeconds) / minor) : '-'} ms each), full ${major} ` +
    `(${major ? ms((after.majorSeconds - before.majorSeconds) / major) : '-'} ms each); event loop delay ` +
    `p99 ${ms(after.loopP99Seconds)} ms, max ${ms(after.loopMaxSeconds)} ms`
  );
}

function batchBody(sessionId: string, size: number): string {
  const now = Date.now();
  const events = [];
  for (let i = 0; i < size; i++) {
    events.push({
      type: i === 0 ? 'page_view' : i % 3 === 0 ? 'symptom_checker_step_completed' : 'page_view',
      id: randomUUID(),
      sessionId,
      at: now,
      path: i % 2 ? '/conditions/trigger-finger' : '/',
      ...(i % 3 === 0 && i > 0 ? { stepNumber: 1 + (i % 6) } : {}),
    });
  }
  return JSON.stringify({ events });
}

async function main(): Promise<void> {
  const options = commandOptions({
    seconds: 15,
    batch: 10,
    connections: 32,
    rate: 2000,
    requests: 12_000,
    // Unset: the tracker's mix of batch sizes.
    'latency-batch': undefined as number | undefined,
    // Unset: no analyst load.
    'analyst-queries': undefined as number | undefined,
  });
  const { seconds, batch, connections, rate, 'latency-batch': latencyBatch } = options;
  const analystQueries = options['analyst-queries'] ?? 0;
  const env = profileEnv();
  // The count is a read: the report's account, as the product reads.
  const clickhouse = createClickHouse({
    url: env.CLICKHOUSE_URL!,
    database: 'handcheck',
    ...clickhouseLogin(env, 'REPORT'),
  });
  // Many sessions, as real traffic has, so events spread over the topic's partitions.
  const sessionId = `bench-${randomUUID().slice(0, 8)}`;
  // Bodies are made before the clock starts, so the load generator spends its
  // share of the two cores sending, not building JSON; every event id is unique.
  const amount = options.requests;
  const bodiesMadeAt = Date.now();
  const bodies = Array.from({ length: amount }, (_, i) =>
    batchBody(`${sessionId}-${i % 5000}`, batch),
  );
  const requests = bodies.map((body) =>
    postRequest(GATEWAY, '/api/events', body, 'HandCheckBench/1.0'),
  );
  const headers = { 'content-type': 'application/json', 'user-agent': 'HandCheckBench/1.0' };

  // A fixed number of requests (not a duration), so none is cut off in flight
  // and the count check is exact.
  console.log(
    `Phase 1: throughput, ${connections} connections, ${amount} requests of ${batch} events`,
  );
  const analysts =
    analystQueries > 0
      ? startAnalystLoad(
          env.CLICKHOUSE_URL!,
          { analyst: clickhouseLogin(env, 'ANALYST'), admin: clickhouseLogin(env, 'DEFAULT') },
          analystQueries,
        )
      : undefined;
  const ingestionCpuBefore = await metricsCpu(INGESTION_METRICS);
  const started = Date.now();
  const load = await closedLoop({
    origin: GATEWAY,
    connections,
    perAddress: PER_ADDRESS,
    requests: amount,
    seconds: 600,
    request: (i) => requests[i]!,
  });
  const loadEnded = Date.now();
  const acceptedRequests = load.statuses['202'] ?? 0;
  const accepted = acceptedRequests * batch;

  // Distinct event ids count what ReplacingMergeTree keeps (redeliveries once),
  // without FINAL over the whole table; the time bound lets the primary key
  // skip older data, so a dev table grown by earlier runs does not slow it.
  const since = Math.floor(bodiesMadeAt / 1000) - 60;
  const countStored = async () => {
    const result = await clickhouse.query({
      query: `SELECT uniqExact(event_id) AS n FROM analytics_events WHERE created_at >= toDateTime(${since}) AND session_id LIKE ${sqlString(`${sessionId}-%`)}`,
      format: 'JSONEachRow',
    });
    const [row] = await result.json<{ n: number }>();
    return Number(row?.n ?? 0);
  };
  let stored = 0;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    stored = await countStored();
    if (stored >= accepted) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const lagMs = Date.now() - loadEnded;
  // Until every event is stored: the batch side's work for this phase (and little else).
  const ingestionCpuAfter = await metricsCpu(INGESTION_METRICS);
  const ingestionCpu =
    ingestionCpuAfter.user +
    ingestionCpuAfter.system -
    (ingestionCpuBefore.user + ingestionCpuBefore.system);
  const endToEnd = accepted / ((Date.now() - started) / 1000);
  const analystCounts = await analysts?.stop();

  const warmUp = Math.round((rate / 2) * 3);
  const sizes = Array.from(
    { length: warmUp + rate * seconds },
    (_, i) => latencyBatch ?? mixSize(i),
  );
  const paced = sizes.map((size, i) => batchBody(`${sessionId}-paced-${i % 5000}`, size));
  const measured = paced.slice(warmUp);
  const pacedEvents = sizes.slice(warmUp).reduce((sum, size) => sum + size, 0);
  const pacedOptions = {
    origin: GATEWAY,
    path: '/api/events',
    connections: 64,
    headers,
    perAddress: PER_ADDRESS,
  };
  // The load generator's own first seconds (JIT, new sockets) would count
  // against the gateway: warm up at half the rate, measure after.
  console.log(
    `Phase 2: latency at an even ${rate} requests/s for ${seconds} s (after a 3 s warm-up)`,
  );
  await pacedLoad({ ...pacedOptions, rate: rate / 2, seconds: 3, body: (i) => paced[i]! });
  const pausesBefore = await gatewayPauses();
  const fixed = await pacedLoad({ ...pacedOptions, rate, seconds, body: (i) => measured[i]! });
  const pausesAfter = await gatewayPauses();

  const non2xx = Object.entries(load.statuses).filter(([code]) => code !== '202');
  console.log('\nbench:ingest');
  console.log(`  events accepted           ${accepted} (${acceptedRequests} requests × ${batch})`);
  console.log(
    `  accepted rate             ${Math.round(accepted / ((loadEnded - started) / 1000))} events/s at the gateway`,
  );
  console.log(
    `  end-to-end rate           ${Math.round(endToEnd)} events/s (accepted ÷ time until all queryable)`,
  );
  console.log(
    `  gateway latency (max load) p50 ${percentileOf(load.latencies, 50).toFixed(1)} ms, p99 ${percentileOf(load.latencies, 99).toFixed(1)} ms, ${Math.round(load.latencies.length / ((loadEnded - started) / 1000))} req/s from ${load.addresses} addresses`,
  );
  console.log(`  lag until queryable       ${lagMs} ms after the load stopped`);
  console.log(
    `  ingestion CPU per event   ${((ingestionCpu / Math.max(stored, 1)) * 1e6).toFixed(2)} µs (${ingestionCpu.toFixed(2)} CPU-s from the first request until all were stored)`,
  );
  if (analystCounts)
    console.log(
      `  analyst load              ${analystQueries} heavy queries kept going: ${analystCounts.ran} ran (stopped by the time limit or at the end), ${analystCounts.refused} refused as too many at once`,
    );
  console.log(
    `  count check               accepted ${accepted}, stored ${stored} → ${stored === accepted ? 'OK' : 'MISMATCH'}`,
  );
  console.log(
    `  non-202 answers           ${non2xx.length ? JSON.stringify(Object.fromEntries(non2xx)) : 'none'}; connection errors ${load.errors}`,
  );
  console.log(
    `  gateway latency @${rate}/s  p50 ${fixed.p50.toFixed(1)} ms, p99 ${fixed.p99.toFixed(1)} ms, max ${Math.round(fixed.max)} ms (${Math.round(fixed.achievedRate)} req/s achieved, ${(pacedEvents / measured.length).toFixed(2)} events per request, answers ${JSON.stringify(fixed.statuses)}, errors ${fixed.errors}; load generator at nice ${fixed.generatorPriority}, stalled at most ${fixed.generatorStallMs.toFixed(0)} ms)`,
  );
  console.log(`  the gateway meanwhile      ${pausesLine(pausesBefore, pausesAfter, seconds)}`);
  await clickhouse.close();
  if (stored !== accepted) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
