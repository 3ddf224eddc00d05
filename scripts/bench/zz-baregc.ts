import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { pacedLoad } from './paced-load';
async function main() {
const server = process.argv[2] ?? 'bare-fastify-intake-server.mjs';
const child = fork(require('node:path').join(__dirname, server), [], { execArgv: ['--trace-gc-nvp', ...(process.env.XREQ ? ['--require', process.env.XREQ] : [])], stdio: ['ignore', 'pipe', 'inherit', 'ipc'], env: { ...process.env, BENCH_HEADERS: '{}' } });
let out = '';
child.stdout!.on('data', (d) => (out += d));
const port = await new Promise<number>((r) => child.once('message', (m: any) => r(m.port)));
const bodies = Array.from({ length: 512 }, (_, k) => JSON.stringify({ events: Array.from({ length: 2 }, () => ({ type: 'page_view', id: randomUUID(), sessionId: `session-${k}`, at: Date.now(), path: '/' })) }));
const r = await pacedLoad({ origin: `http://127.0.0.1:${port}`, path: '/api/events', rate: 2000, seconds: 8, connections: 64, headers: { 'content-type': 'application/json' }, perAddress: 20, body: (i) => bodies[i % 512]! });
console.log('p50', r.p50, 'p99', r.p99, JSON.stringify(r.statuses));
child.send('stop');
await new Promise((r) => child.once('exit', r));
const lines = out.split('\n').filter((l) => l.includes('gc=s'));
for (const l of lines.slice(-6)) { const f = Object.fromEntries(l.trim().split(' ').map((kv) => kv.split('='))); console.log('pause', f.pause, 'allocated', f.allocated, 'promoted', f.promoted); }
console.log('scavenges', lines.length);

}
void main();
