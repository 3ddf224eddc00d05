import { ServiceUnavailableException } from '@nestjs/common';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { AllExceptionsFilter, createHttpAdapter } from '@handcheck/server-kit';
import { type SpecialistListDto } from './dto/specialist.dto';
import { SpecialistsController } from './specialists.controller';
import { SPECIALISTS_PATH, SpecialistsRoute } from './specialists-route';
import { DIRECTORY_UNAVAILABLE_MESSAGE, SpecialistsService } from './specialists.service';

// GET /api/specialists as the gateway serves it: SpecialistsController declares the route,
// and SpecialistsRoute, registered before the app's init as configureGateway registers it,
// gives Fastify its own handler in place of Nest's.

const LIST: SpecialistListDto = { specialists: [] };
let answer: () => Promise<SpecialistListDto> = () => Promise.resolve(LIST);
let calls = 0;
const fakeService = {
  freshSeconds: 30,
  list: () => {
    calls += 1;
    return answer();
  },
};

// The handler SpecialistsRoute gives Fastify calls this (a private method, looked up per call).
const plainAnswer = jest.spyOn(
  SpecialistsRoute.prototype as unknown as { answer: () => void },
  'answer',
);

let app: NestFastifyApplication;

beforeAll(async () => {
  const moduleRef = await Test.createTestingModule({
    controllers: [SpecialistsController],
    providers: [SpecialistsRoute, { provide: SpecialistsService, useValue: fakeService }],
  }).compile();
  app = moduleRef.createNestApplication<NestFastifyApplication>(createHttpAdapter(), {
    bodyParser: false,
    logger: false,
  });
  app.useGlobalFilters(new AllExceptionsFilter());
  app.setGlobalPrefix('api');
  const instance = app.getHttpAdapter().getInstance();
  app.get(SpecialistsRoute).register(instance);
  await app.init();
  await instance.ready();
});

afterAll(() => app.close());
beforeEach(() => {
  answer = () => Promise.resolve(LIST);
  calls = 0;
  plainAnswer.mockClear();
});

describe('GET /api/specialists', () => {
  it("is answered by SpecialistsRoute's handler, with the controller's Cache-Control", async () => {
    const response = await app.inject({ method: 'GET', url: SPECIALISTS_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=30');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual(LIST);
    // Answered by the plain handler alone: the directory was asked once, not by Nest as well.
    expect(plainAnswer).toHaveBeenCalledTimes(1);
    expect(calls).toBe(1);
  });

  it('in any case and with a final slash, HEAD too', async () => {
    expect((await app.inject({ method: 'GET', url: '/API/Specialists/' })).statusCode).toBe(200);
    const head = await app.inject({ method: 'HEAD', url: SPECIALISTS_PATH });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it("answers the directory's absence with 503 in the API's error shape", async () => {
    answer = () => Promise.reject(new ServiceUnavailableException(DIRECTORY_UNAVAILABLE_MESSAGE));
    const response = await app.inject({ method: 'GET', url: SPECIALISTS_PATH });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      statusCode: 503,
      path: SPECIALISTS_PATH,
      message: DIRECTORY_UNAVAILABLE_MESSAGE,
    });
  });
});
