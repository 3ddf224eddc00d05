import { randomUUID } from 'node:crypto';
import { closedLoop, postRequest } from './closed-loop';
const body = JSON.stringify({ events: Array.from({ length: 10 }, (_, i) => ({ type: 'page_view', id: randomUUID(), sessionId: randomUUID(), at: Date.now(), path: i % 2 ? '/conditions/trigger-finger' : '/' })) });
async function cpu() { const t = await (await fetch('http://127.0.0.1:9080/metrics')).text(); return Number(/^process_cpu_seconds_total(?:\{[^}]*\})? ([\d.e+-]+)$/m.exec(t)![1]); }
async function main() {
  const origin = 'http://127.0.0.1:8080';
  const req = postRequest(origin, '/api/events', body, 'Mozilla/5.0 bench');
  await closedLoop({ origin, connections: 32, perAddress: 20, requests: 1e9, seconds: 2, request: () => req });
  const c0 = await cpu();
  const r = await closedLoop({ origin, connections: 32, perAddress: 20, requests: 1e9, seconds: Number(process.argv[2] ?? 8), request: () => req });
  const c1 = await cpu();
  const ok = Object.entries(r.statuses).filter(([s]) => s.startsWith('2')).reduce((a, [, n]) => a + n, 0);
  console.log(`gateway: ${(ok / r.seconds).toFixed(0)}/s, ${((1e6 * (c1 - c0)) / ok).toFixed(1)} µs/req`, r.statuses, 'p99', r.latencies[Math.floor(r.latencies.length*0.99)]?.toFixed(1));
}
void main();
