import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { type Running, startGateway } from '../../support/apps';
import { pageView } from '../../support/events';
import { type GatewayEnv } from '../../../services/gateway/src/config/gateway.env';
import { PERMISSIONS_POLICY } from '../../../services/gateway/src/site/security-headers';

jest.setTimeout(60_000);

// POST /api/events is a plain Fastify route, without Nest's router (EventsRoute);
// these check it still answers like every other route of the gateway.
describe('the gateway answers every route alike', () => {
  let gateway: Running<GatewayEnv>;

  beforeAll(async () => {
    gateway = await startGateway();
  });

  afterAll(async () => {
    await gateway?.close();
  });

  const postEvents = (body: string | Uint8Array, headers: Record<string, string>, query = '') =>
    fetch(`${gateway.url}/api/events${query}`, { method: 'POST', headers, body });
  const json = { 'content-type': 'application/json' };
  const oneEvent = () => JSON.stringify({ events: [pageView(crypto.randomUUID())] });

  const STRICT_HEADERS = [
    'content-security-policy',
    'strict-transport-security',
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
    'cross-origin-opener-policy',
    'permissions-policy',
  ];

  it('sends the same strict security headers on the events intake as on the API and the site', async () => {
    const answers = await Promise.all([
      postEvents(oneEvent(), json),
      postEvents('{"events": []}', json),
      fetch(`${gateway.url}/api/health/ready`),
      fetch(`${gateway.url}/api/nope`),
      fetch(`${gateway.url}/about`),
    ]);
    expect(answers.map((a) => a.status)).toEqual([202, 400, 200, 404, 200]);
    const [accepted, ...others] = answers.map((a) =>
      Object.fromEntries(STRICT_HEADERS.map((name) => [name, a.headers.get(name)])),
    );
    for (const name of STRICT_HEADERS) expect(accepted?.[name]).toBeTruthy();
    // security-headers.ts says why this one stays although Lighthouse pays for it.
    expect(accepted?.['cross-origin-opener-policy']).toBe('same-origin');
    expect(accepted?.['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(PERMISSIONS_POLICY).toContain('camera=()');
    for (const other of others) expect(other).toEqual(accepted);
    expect(answers[0]?.headers.get('x-powered-by')).toBeNull();
  });

  it('accepts a batch with a query string on the path, answering {accepted}', async () => {
    const response = await postEvents(oneEvent(), json, '?v=1');
    expect(response.status).toBe(202);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ accepted: 1 });
  });

  it('refuses in the API error shape, naming the route', async () => {
    const response = await postEvents('{"events": [{"type": "page_view"}]}', json);
    expect(response.status).toBe(400);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ statusCode: 400, path: '/api/events' });
    expect(new Date(String(body.timestamp)).getTime()).not.toBeNaN();
    expect(JSON.stringify(body.message)).toMatch(/events\[0\]\.id is missing: it must be a UUID/);
  });

  it('a body that is not JSON is refused as not a batch', async () => {
    const response = await postEvents(oneEvent(), { 'content-type': 'text/plain' });
    expect(response.status).toBe(400);
    expect(JSON.stringify(((await response.json()) as { message: unknown }).message)).toMatch(
      /must be a JSON object/,
    );
  });

  it('a JSON body in another character set → 415', async () => {
    const response = await postEvents(oneEvent(), {
      'content-type': 'application/json; charset=latin1',
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as { message: string }).message).toBe(
      'The request body must be UTF-8 JSON.',
    );
  });

  it.each([
    ['gzip', gzipSync(oneEvent())],
    ['deflate', deflateSync(oneEvent())],
    ['br', brotliCompressSync(oneEvent())],
    ['br', Buffer.from('not brotli at all')],
  ])('a %s-compressed body → 415, as documented, not inflated', async (encoding, bytes) => {
    const response = await postEvents(new Uint8Array(bytes), {
      ...json,
      'content-encoding': encoding,
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({
      statusCode: 415,
      path: '/api/events',
      message: 'The request body must be UTF-8 JSON.',
    });
  });

  it.each([
    ['UTF-16 by its charset', { 'content-type': 'application/json; charset=utf-16le' }, 'utf16le'],
    ['Latin-1 bytes labelled UTF-8', json, 'latin1'],
  ] as const)('a body in %s → 415', async (_, headers, encoding) => {
    const batch = JSON.stringify({ events: [{ ...pageView(crypto.randomUUID()), path: '/café' }] });
    const response = await postEvents(new Uint8Array(Buffer.from(batch, encoding)), headers);
    expect(response.status).toBe(415);
    expect(((await response.json()) as { message: string }).message).toBe(
      'The request body must be UTF-8 JSON.',
    );
  });

  it.each([
    ['GET', '/api/events', 'POST'],
    ['PUT', '/api/events', 'POST'],
    ['DELETE', '/api/referrals', 'POST'],
    ['GET', '/api/auth/login', 'POST'],
    ['POST', '/api/health/live', 'GET, HEAD'],
    ['OPTIONS', '/api/specialists', 'GET, HEAD'],
    ['PATCH', '/API/Admin/Dashboard/', 'GET, HEAD'],
  ])('%s %s → 405 with Allow: %s, in the API error shape', async (method, path, allow) => {
    const response = await fetch(`${gateway.url}${path}`, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
    expect(await response.json()).toMatchObject({ statusCode: 405, path });
  });

  it('a path the API does not have is still a 404', async () => {
    const response = await fetch(`${gateway.url}/api/events/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ statusCode: 404, path: '/api/events/nope' });
  });
});

/*
 * The spec's section 7: every answer of POST /api/referrals carries `success` and `error`,
 * also the refusals the body parser gives before the route's own filter could.
 */
describe('POST /api/referrals refuses every bad body with success and error', () => {
  let gateway: Running<GatewayEnv>;

  beforeAll(async () => {
    gateway = await startGateway();
  });

  afterAll(async () => {
    await gateway?.close();
  });

  const refusal = {
    success: false,
    error: expect.stringMatching(/\S/),
    statusCode: expect.any(Number),
    timestamp: expect.any(String),
    path: '/api/referrals',
    message: expect.anything(),
  };

  it.each([
    ['a JSON string', 400, '"Sam"'],
    ['a JSON number', 400, '42'],
    ['null', 400, 'null'],
    ['a JSON list', 400, '[]'],
    ['broken JSON', 400, '{"patient_email": '],
    ['an empty object', 400, '{}'],
    ['a __proto__ key', 400, '{"__proto__": {"x": 1}}'],
    ['a body over the limit', 413, JSON.stringify({ additional_info: 'x'.repeat(70_000) })],
  ])('%s → %d', async (_, status, body) => {
    const response = await fetch(`${gateway.url}/api/referrals`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ ...refusal, statusCode: status });
  });

  it('in another character set → 415, with success and error', async () => {
    const response = await fetch(`${gateway.url}/api/referrals`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=latin1' },
      body: '{}',
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ ...refusal, statusCode: 415 });
  });

  it('a wrong method → 405 with Allow, with success and error', async () => {
    const response = await fetch(`${gateway.url}/api/referrals`, { method: 'GET' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toEqual({ ...refusal, statusCode: 405 });
  });
});
