import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  ENGINES_NAMESPACE,
  clickhousePasswordKey,
  ensureProduct,
  env,
  isReady,
  pods,
  secretValue,
} from './cluster';

// An analyst as docs/analytics.md tells them to connect: `kubectl port-forward` to the
// ClickHouse pod, then HTTP on the forwarded port, signed in as analyst with the
// password from the Secret. The account reads the product's tables and is refused a DROP
// with ClickHouse's readonly error; the table is still there afterwards.

let forward: ChildProcess | undefined;
let base = '';
let password = '';

/** Starts `kubectl port-forward` to the ClickHouse pod on a port kubectl picks; resolves with it. */
async function portForward(pod: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    env.kubectl,
    ['port-forward', '-n', ENGINES_NAMESPACE, `pod/${pod}`, ':8123', '--address', '127.0.0.1'],
    { env: { ...process.env, KUBECONFIG: env.kubeconfig }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`kubectl port-forward printed no port in 30 s: ${output}`)),
      30_000,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      // "Forwarding from 127.0.0.1:41234 -> 8123"
      const found = /Forwarding from 127\.0\.0\.1:(\d+) -> 8123/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`kubectl port-forward exited (${code}): ${output}`));
    });
  });
  return { child, port };
}

/** One statement as the analyst through the forwarded port: status and text. */
async function asAnalyst(sql: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${base}/?database=handcheck`, {
    method: 'POST',
    headers: { 'X-ClickHouse-User': 'analyst', 'X-ClickHouse-Key': password },
    body: sql,
  });
  return { status: response.status, text: (await response.text()).trim() };
}

beforeAll(async () => {
  await ensureProduct();
  const [pod] = (await pods(ENGINES_NAMESPACE, 'app=clickhouse')).filter(isReady);
  if (!pod) throw new Error('no Ready ClickHouse pod in the engines namespace');
  password = await secretValue(ENGINES_NAMESPACE, 'engines', clickhousePasswordKey('analyst'));
  const started = await portForward(pod.metadata.name);
  forward = started.child;
  base = `http://127.0.0.1:${started.port}`;
}, 900_000);

afterAll(async () => {
  if (forward && forward.exitCode === null) {
    const exited = once(forward, 'exit');
    forward.kill('SIGTERM');
    await exited;
  }
});

describe('an analyst through kubectl port-forward to the ClickHouse pod', () => {
  it('signs in as analyst and reads the product’s tables', async () => {
    const read = await asAnalyst('SELECT count() FROM analytics_events');
    expect(read.status).toBe(200);
    expect(Number(read.text)).toBeGreaterThanOrEqual(0);
  });

  it('is refused a DROP with ClickHouse’s readonly error, and the table stays', async () => {
    const drop = await asAnalyst('DROP TABLE analytics_events');
    expect(drop.status).not.toBe(200);
    expect(drop.text).toMatch(/Code: 164\b.*readonly/);
    const still = await asAnalyst('EXISTS TABLE analytics_events');
    expect(still).toEqual({ status: 200, text: '1' });
  });

  it('cannot lift its own limits', async () => {
    const lifted = await asAnalyst('SET max_execution_time = 0');
    expect(lifted.text).toMatch(/Code: 164\b.*readonly/);
  });
});
