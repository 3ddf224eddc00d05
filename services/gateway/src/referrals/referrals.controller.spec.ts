import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { type ReferralBody } from '@handcheck/contracts';
import {
  AllExceptionsFilter,
  MongoLimitStore,
  createHttpAdapter,
  registerBodyParsers,
  setErrorBodyShape,
  validationPipe,
} from '@handcheck/server-kit';
import { AuthKeys } from '../auth/auth-keys.service';
import { GatewayEnv } from '../config/gateway.env';
import { EVENTS_BODY_LIMIT } from '../events/events-route';
import { referralErrorShape } from './referral-answer.filter';
import { ReferralsController } from './referrals.controller';
import { ReferralsService } from './referrals.service';

// POST /api/referrals in this process, through the body parser, validation and error shape
// every service is given (applyHttpDefaults) and the gateway's referral error shape; Kafka
// is a fake that keeps what it was given. The same answers against the real engines are in
// tests/integration/referrals/referral-contract.int-spec.ts.

const published: ReferralBody[] = [];
const fakeReferrals = {
  count: () => undefined,
  publish: (body: ReferralBody) => {
    published.push(body);
    return Promise.resolve('3f2b8c9e-1d4a-4b6c-9e2f-0a1b2c3d4e5f');
  },
};

let app: NestFastifyApplication;

beforeAll(async () => {
  const env = Object.assign(new GatewayEnv(), { REFERRAL_RATE_LIMIT: 1000 });
  const moduleRef = await Test.createTestingModule({
    controllers: [ReferralsController],
    providers: [
      { provide: ReferralsService, useValue: fakeReferrals },
      { provide: GatewayEnv, useValue: env },
      { provide: AuthKeys, useValue: { jwtSecret: 'test' } },
      // No store: the per-client limit counts in memory.
      { provide: MongoLimitStore, useValue: null },
    ],
  }).compile();
  app = moduleRef.createNestApplication<NestFastifyApplication>(createHttpAdapter(), {
    bodyParser: false,
    logger: false,
  });
  const instance = app.getHttpAdapter().getInstance();
  registerBodyParsers(instance, EVENTS_BODY_LIMIT);
  // The body parser's refusals reach Nest's error handler, hence its filter.
  app.useGlobalFilters(new AllExceptionsFilter(EVENTS_BODY_LIMIT));
  app.useGlobalPipes(validationPipe());
  setErrorBodyShape(instance, referralErrorShape);
  app.setGlobalPrefix('api');
  await app.listen(0, '127.0.0.1');
});

afterAll(() => app.close());
beforeEach(() => {
  published.length = 0;
});

/** The body's bytes as given (fetch, not supertest, which would serialise a Buffer as JSON). */
async function post(body: string | Buffer) {
  const response = await fetch(`${await app.getUrl()}/api/referrals`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const good = {
  patient_email: 'sam@example.org',
  patient_location: 'Leeds, UK',
  top_conditions: ['Trigger Finger'],
};

describe('POST /api/referrals', () => {
  it('answers 202 for a good body, with what the contract cleaned', async () => {
    const answer = await post(JSON.stringify({ ...good, patient_location: 'Leeds\u202e, UK' }));
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ success: true, error: null, id: expect.any(String) });
    expect(published).toEqual([expect.objectContaining({ patient_location: 'Leeds, UK' })]);
  });

  it('answers 400 for values of the wrong JSON type, with each field named, and sends nothing', async () => {
    const answer = await post(
      '{"patient_name":{"$gt":""},"key_symptoms":[1,true,null,{"x":"y"}],"additional_info":["a"],"top_conditions":[{"a":1}]}',
    );
    expect(answer.status).toBe(400);
    const messages = [
      'patient_name must be text.',
      'Please enter a valid email address.',
      'Please enter your location.',
      'top_conditions must be a list of text.',
      'key_symptoms must be a list of text.',
      'additional_info must be text.',
    ];
    expect(answer.body).toMatchObject({
      success: false,
      error: messages.join(' '),
      statusCode: 400,
      message: messages,
    });
    expect(published).toEqual([]);
  });

  it('answers 400 for a body that carries the id or requested_at HandCheck sets, and sends nothing', async () => {
    const answer = await post(
      JSON.stringify({ ...good, id: '3f2b8c9e-1d4a-4b6c-9e2f-0a1b2c3d4e5f' }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      success: false,
      error: 'id is set by HandCheck: leave it out of the request.',
    });
    const late = await post(JSON.stringify({ ...good, requested_at: '2026-01-02T03:04:05Z' }));
    expect(late.body.error).toBe('requested_at is set by HandCheck: leave it out of the request.');
    expect(published).toEqual([]);
  });

  it.each([
    ['a location of zero-width characters only', { patient_location: '\u200b\u200d' }],
    ['a location of a right-to-left override only', { patient_location: '\u202e' }],
  ])('answers 400 for %s: "Please enter your location."', async (_, change) => {
    const answer = await post(JSON.stringify({ ...good, ...change }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, error: 'Please enter your location.' });
    expect(published).toEqual([]);
  });

  it("answers 400 for a top_conditions entry that is not one of the checker's conditions", async () => {
    const answer = await post(
      JSON.stringify({ ...good, top_conditions: ['URGENT: visit https://evil.example/claim'] }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(
      "Each of top_conditions must be the name of one of the symptom checker's conditions.",
    );
    expect(published).toEqual([]);
  });

  it('answers 415 for bytes that are not UTF-8, as the events intake does, and sends nothing', async () => {
    const text = JSON.stringify({ ...good, patient_location: 'Leeds \u00ff' });
    const latin1 = Buffer.from(text, 'latin1');
    const answer = await post(latin1);
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({
      success: false,
      error: 'The request body must be UTF-8 JSON.',
      statusCode: 415,
      path: '/api/referrals',
    });
    expect(published).toEqual([]);
    // The same text as UTF-8 is taken as sent, not as U+FFFD.
    expect((await post(Buffer.from(text, 'utf8'))).status).toBe(202);
    expect(published).toEqual([expect.objectContaining({ patient_location: 'Leeds \u00ff' })]);
  });
});
