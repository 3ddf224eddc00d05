// npm run bench:directory [-- --url http://127.0.0.1:8080 --rate 1000 --seconds 15 --connections 32]
//
// GET /api/specialists at a steady rate against a running gateway (`make start`, or the
// test profile's with --url http://127.0.0.1:18080): p50/p99 counted from when each
// request was due (paced-load.ts), after a 3 s warm-up at half the rate. The gateway
// answers from memory (see services/gateway/src/specialists), so these figures are the
// gateway's own; the directory is asked at most once per cache period.
import { commandOptions } from '../analytics/env';
import { pacedLoad } from './paced-load';

const PATH = '/api/specialists';

async function main(): Promise<void> {
  const { url, rate, seconds, connections } = commandOptions({
    url: process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080',
    rate: 1000,
    seconds: 15,
    connections: 32,
  });
  const gateway = url.replace(/\/+$/, '');

  const first = await fetch(`${gateway}${PATH}`);
  const body = (await first.json()) as { specialists?: unknown[]; message?: string };
  if (first.status !== 200) {
    throw new Error(
      `${gateway}${PATH} answered ${first.status}: ${body.message ?? ''} (is the directory up?)`,
    );
  }
  console.log(
    `${gateway}${PATH}: ${body.specialists?.length ?? 0} specialists, Cache-Control "${first.headers.get('cache-control')}"`,
  );
  console.log(
    `Latency at an even ${rate} requests/s for ${seconds} s (after a 3 s warm-up at half the rate)`,
  );
  const options = {
    origin: gateway,
    path: PATH,
    method: 'GET' as const,
    connections,
    headers: { accept: 'application/json' },
  };
  await pacedLoad({ ...options, rate: rate / 2, seconds: 3 });
  const result = await pacedLoad({ ...options, rate, seconds });
  console.log('\nbench:directory');
  console.log(
    `  GET ${PATH} @${rate}/s  p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, max ${result.max.toFixed(1)} ms`,
  );
  console.log(
    `  ${Math.round(result.achievedRate)} req/s achieved, answers ${JSON.stringify(result.statuses)}, errors ${result.errors}; load generator stalled at most ${result.generatorStallMs.toFixed(0)} ms`,
  );
  if (result.errors > 0 || Object.keys(result.statuses).some((status) => status !== '200')) {
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
