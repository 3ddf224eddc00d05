import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AllExceptionsFilter,
  createHttpAdapter,
  declaredLengthLimit,
  registerBodyParsers,
} from '@handcheck/server-kit';
import { GatewayEnv } from '../config/gateway.env';
import { type GeoLocator, UNKNOWN_LOCATION } from '../geo/geo-locator.service';
import { EVENTS_BODY_LIMIT, EVENTS_PATH, EventsRoute } from './events-route';
import { type EventsService } from './events.service';

// POST /api/events in this process, registered before the app's init as configureGateway
// registers it (Nest sets its own error handler only at init), through the body parser and
// limits every service is given (applyHttpDefaults). Kafka is a fake that keeps what it got.
// The same answers against the real engines are in tests/integration/events/.

const published: unknown[][] = [];
const fakeEvents = {
  publish: (events: unknown[]) => published.push(events),
  refused: () => undefined,
} as unknown as EventsService;
const fakeGeo = { locate: () => UNKNOWN_LOCATION } as unknown as GeoLocator;

let app: NestFastifyApplication;

beforeAll(async () => {
  const moduleRef = await Test.createTestingModule({}).compile();
  app = moduleRef.createNestApplication<NestFastifyApplication>(createHttpAdapter(), {
    bodyParser: false,
    logger: false,
  });
  const instance = app.getHttpAdapter().getInstance();
  instance.addHook('preParsing', declaredLengthLimit(EVENTS_BODY_LIMIT));
  registerBodyParsers(instance, EVENTS_BODY_LIMIT);
  app.useGlobalFilters(new AllExceptionsFilter(EVENTS_BODY_LIMIT));
  // Four requests from the one address the tests send from, then 429s.
  const env = Object.assign(new GatewayEnv(), { EVENTS_BURST: 6, EVENTS_RATE_PER_SECOND: 0.001 });
  new EventsRoute(fakeEvents, fakeGeo, env).register(instance);
  await app.init();
  await instance.ready();
});

afterAll(() => app.close());
beforeEach(() => {
  published.length = 0;
});

const event = () => ({
  type: 'page_view',
  id: randomUUID(),
  sessionId: randomUUID(),
  at: Date.now(),
  path: '/',
});

async function post(payload: string | Buffer | Readable, contentType = 'application/json') {
  const response = await app.inject({
    method: 'POST',
    url: EVENTS_PATH,
    headers: { 'content-type': contentType },
    payload,
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.json<Record<string, unknown>>(),
  };
}

const errorShape = (statusCode: number, message: unknown) => ({
  statusCode,
  timestamp: expect.any(String),
  path: EVENTS_PATH,
  message,
});

describe('POST /api/events, registered on Fastify straight', () => {
  it('accepts a good batch with 202 and its count, and publishes it', async () => {
    const response = await post(JSON.stringify({ events: [event(), event()] }));
    expect(response).toMatchObject({ status: 202, body: { accepted: 2 } });
    expect(published).toHaveLength(1);
  });

  it("refuses what the contract refuses with 400, in the API's error shape, naming the field", async () => {
    const response = await post(JSON.stringify({ events: [{ ...event(), path: undefined }] }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      ...errorShape(400, [expect.stringMatching(/path/)]),
      error: 'Bad Request',
    });
    expect(published).toHaveLength(0);
  });

  it("words the body parser's refusals as every route does: broken JSON, another charset, a chunked body over the limit", async () => {
    expect(await post('{"events": [')).toMatchObject({
      status: 400,
      body: errorShape(400, 'The request body is not valid JSON.'),
    });
    expect(await post('{}', 'application/json; charset=latin1')).toMatchObject({
      status: 415,
      body: errorShape(415, 'The request body must be UTF-8 JSON.'),
    });
    // No Content-Length: Fastify counts the bytes as they come.
    const chunked = Readable.from([Buffer.from(`{"events": ["${'x'.repeat(70 * 1024)}"]}`)]);
    expect(await post(chunked)).toMatchObject({
      status: 413,
      body: errorShape(413, 'The request body is larger than 64 KB.'),
    });
    expect(published).toHaveLength(0);
  });

  it('refuses a client over its rate with 429 and Retry-After, before reading the body', async () => {
    let response;
    do response = await post('not even JSON');
    while (response.status !== 429);
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
    expect(response.body).toEqual(errorShape(429, expect.stringMatching(/Too many requests/)));
  });
});
