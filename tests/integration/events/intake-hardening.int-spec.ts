import fc from 'fast-check';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { type Server } from 'node:http';
import { type Running, startGateway } from '../../support/apps';
import { pageView } from '../../support/events';
import { type GatewayEnv } from '../../../services/gateway/src/config/gateway.env';

jest.setTimeout(180_000);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request from a chosen local address (127.0.0.1 and 127.0.0.2 are both loopback). */
function send(
  url: string,
  path: string,
  body: string | Buffer,
  options: { localAddress?: string; contentType?: string; method?: string } = {},
): Promise<Answer> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'POST',
        localAddress: options.localAddress ?? '127.0.0.1',
        agent: false,
        headers: {
          'content-type': options.contentType ?? 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Sends only the head of a request (no body) on a raw socket and resolves with
 * the status line of the answer, or 'no answer' if none came within waitMs.
 */
function headOnly(url: string, head: string, waitMs = 5000): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('no answer');
    }, waitMs);
    socket.on('data', (chunk) => {
      received += chunk.toString();
      if (received.includes('\r\n')) {
        clearTimeout(timer);
        socket.destroy();
        resolve(received.slice(0, received.indexOf('\r\n')));
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received ? received.split('\r\n')[0]! : 'closed');
    });
    socket.write(head);
  });
}

/**
 * Sends the head of a request on a raw socket, then a byte of its body a second; resolves with
 * how long the server took to end the connection (giveUpMs if it had not by then).
 */
function dribble(url: string, head: string, giveUpMs: number): Promise<number> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(Number(port), '127.0.0.1');
    const drip = setInterval(() => socket.write('x'), 1000);
    const giveUp = setTimeout(() => socket.destroy(), giveUpMs);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(drip);
      clearTimeout(giveUp);
      resolve(Date.now() - started);
    });
    socket.write(head);
  });
}

const oneEvent = () => JSON.stringify({ events: [pageView(crypto.randomUUID())] });

async function metric(gateway: Running<GatewayEnv>, series: string): Promise<number> {
  const text = await (await fetch(gateway.metricsUrl)).text();
  const line = text.split('\n').find((l) => l.startsWith(series));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('the events intake: one client cannot take it from everyone', () => {
  let gateway: Running<GatewayEnv>;

  beforeAll(async () => {
    gateway = await startGateway({ EVENTS_RATE_PER_SECOND: '1', EVENTS_BURST: '3' });
  });

  afterAll(async () => {
    await gateway?.close();
  });

  it('answers a client over its rate 429 with Retry-After, counts it, and still takes another client', async () => {
    const before = await metric(gateway, 'gateway_events_refused_total{reason="rate_limited"');
    const first = [];
    for (let i = 0; i < 6; i++) first.push(await send(gateway.url, '/api/events', oneEvent()));
    const statuses = first.map((a) => a.status);
    expect(statuses.slice(0, 3)).toEqual([202, 202, 202]);
    expect(statuses.slice(3)).toContain(429);
    const refused = first.find((a) => a.status === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(refused.body)).toMatchObject({ statusCode: 429, path: '/api/events' });

    // Another address has its own bucket.
    const other = await send(gateway.url, '/api/events', oneEvent(), { localAddress: '127.0.0.2' });
    expect(other.status).toBe(202);

    const after = await metric(gateway, 'gateway_events_refused_total{reason="rate_limited"');
    expect(after - before).toBe(statuses.filter((s) => s === 429).length);
  });
});

describe('oversized and slow requests', () => {
  let gateway: Running<GatewayEnv>;

  beforeAll(async () => {
    gateway = await startGateway({
      HTTP_REQUEST_TIMEOUT_MS: '20000',
      HTTP_HEADERS_TIMEOUT_MS: '5000',
    });
  });

  afterAll(async () => {
    await gateway?.close();
  });

  it.each(['/api/events', '/api/health/live', '/api/nope'])(
    'answers 413 at once to a declared Content-Length over the limit on %s, without its body',
    async (path) => {
      const status = await headOnly(
        gateway.url,
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50000000\r\n\r\n`,
      );
      expect(status).toBe('HTTP/1.1 413 Payload Too Large');
    },
  );

  it('ends a client that is too slow with its headers (408) within 5 s of its limit (5 s)', async () => {
    // Half a request head, then nothing. The server checks the timeouts every second
    // (createHttpAdapter), not every 30 s as Node does by default.
    const status = await headOnly(gateway.url, 'POST /api/events HTTP/1.1\r\nHost: x\r\n', 10_000);
    expect(status).toBe('HTTP/1.1 408 Request Timeout');
  });

  it('ends a body sent a byte a second within 5 s of the request limit (20 s)', async () => {
    const closedAfterMs = await dribble(
      gateway.url,
      'POST /api/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
      40_000,
    );
    expect(closedAfterMs).toBeLessThan(20_000 + 5_000);
  });

  it('sets the server timeouts from the settings, not Node’s minutes', () => {
    const server = gateway.app.getHttpServer() as Server;
    expect(server.requestTimeout).toBe(20_000);
    expect(server.headersTimeout).toBe(5_000);
    expect(server.keepAliveTimeout).toBe(65_000);
  });
});

describe('public input never produces a 500', () => {
  let gateway: Running<GatewayEnv>;

  beforeAll(async () => {
    gateway = await startGateway();
  });

  afterAll(async () => {
    await gateway?.close();
  });

  const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  const event = (extra: string) =>
    `{"events":[{"type":"symptom_checker_started","id":"${crypto.randomUUID()}","sessionId":"session-123","at":1,"path":"/"${extra}}]}`;

  it.each([
    ['__proto__ in an event', event(',"__proto__":null')],
    ['constructor in an event', event(',"constructor":null')],
    ['__proto__ in the body', '{"__proto__":null,"events":[]}'],
    ['constructor in eventData', event(',"eventData":{"constructor":null}')],
    ['eventData 5,000 arrays deep', event(`,"eventData":{"a":${deep(5000)}}`)],
    ['eventData itself 5,000 arrays deep', event(`,"eventData":${deep(5000)}`)],
  ])('%s → 400', async (_name, body) => {
    const answer = await send(gateway.url, '/api/events', body);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 400, path: '/api/events' });
  });

  it('a body 5,000 arrays deep to a Nest route → 400', async () => {
    const answer = await send(gateway.url, '/api/auth/login', `{"email":${deep(5000)}}`);
    expect(answer.status).toBe(400);
  });

  const routes = ['/api/events', '/api/referrals', '/api/auth/login'];
  const okOrClientError = (status: number) => status >= 200 && status < 500 && status !== 0;

  it.each(routes)('%s answers any JSON value with 2xx or 4xx', async (path) => {
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 6 }),
      fc.record({ events: fc.array(fc.jsonValue({ maxDepth: 4 }), { maxLength: 3 }) }),
      fc.dictionary(
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'email', 'events'),
        fc.jsonValue({ maxDepth: 3 }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(value, async (body) => {
        const answer = await send(gateway.url, path, JSON.stringify(body));
        expect(okOrClientError(answer.status)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it.each(routes)('%s answers any bytes with 2xx or 4xx', async (path) => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 512 }),
        fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8'),
        async (bytes, contentType) => {
          const answer = await send(gateway.url, path, Buffer.from(bytes), { contentType });
          expect(okOrClientError(answer.status)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});
