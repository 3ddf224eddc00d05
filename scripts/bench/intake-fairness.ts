// npm run bench:intake-fairness [-- --url http://127.0.0.1:8080 --flood 1500 --visitor 5 --seconds 10]
//
// Needs a running gateway (`make start`, or the test profile's with --url
// http://127.0.0.1:18080) with its default per-client limit. Two local clients
// at once, told apart by their source address (127.0.0.1 and
// 127.0.0.2 are both local): a flood at --flood requests/s and a visitor at
// --visitor requests/s, each request a one-event batch. Prints each client's
// answers by status; the visitor should see only 202s while the flood is
// refused with 429 beyond its own share.
import { randomUUID } from 'node:crypto';
import { commandOptions } from '../analytics/env';
import { pacedLoad } from './paced-load';

function body(sessionId: string): string {
  return JSON.stringify({
    events: [{ type: 'page_view', id: randomUUID(), sessionId, at: Date.now(), path: '/faq' }],
  });
}

async function main(): Promise<void> {
  const {
    url: origin,
    flood,
    visitor,
    seconds,
  } = commandOptions({
    url: process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080',
    flood: 1500,
    visitor: 5,
    seconds: 10,
  });
  const headers = { 'content-type': 'application/json', 'user-agent': 'HandCheckBench/1.0' };
  const floodSession = `flood-${randomUUID().slice(0, 8)}`;
  const visitorSession = `visitor-${randomUUID().slice(0, 8)}`;
  console.log(
    `intake fairness: ${origin}/api/events, ${seconds} s; flood ${flood}/s from 127.0.0.1, visitor ${visitor}/s from 127.0.0.2`,
  );
  const [floodResult, visitorResult] = await Promise.all([
    pacedLoad({
      origin,
      path: '/api/events',
      rate: flood,
      seconds,
      connections: 16,
      headers,
      body: () => body(floodSession),
      localAddress: '127.0.0.1',
    }),
    pacedLoad({
      origin,
      path: '/api/events',
      rate: visitor,
      seconds,
      connections: 1,
      headers,
      body: () => body(visitorSession),
      localAddress: '127.0.0.2',
    }),
  ]);
  const line = (name: string, result: typeof floodResult) =>
    `  ${name.padEnd(8)} sent ${result.sent} (${Math.round(result.achievedRate)} req/s achieved), answers ${JSON.stringify(result.statuses)}, errors ${result.errors}, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`;
  console.log(line('flood', floodResult));
  console.log(line('visitor', visitorResult));
  const visitorOnly202 =
    Object.keys(visitorResult.statuses).every((status) => status === '202') &&
    visitorResult.errors === 0;
  console.log(`  visitor saw only 202s: ${visitorOnly202 ? 'yes' : 'NO'}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
