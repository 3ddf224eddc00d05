import { Controller, Get, Param } from '@nestjs/common';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { createHttpAdapter } from './bootstrap';

@Controller('things')
class ThingsController {
  @Get(':id')
  one(@Param('id') id: string) {
    return { id };
  }
}

let app: NestFastifyApplication;

beforeAll(async () => {
  const moduleRef = await Test.createTestingModule({ controllers: [ThingsController] }).compile();
  app = moduleRef.createNestApplication<NestFastifyApplication>(createHttpAdapter(), {
    bodyParser: false,
    logger: false,
  });
  app.useGlobalFilters(new AllExceptionsFilter());
  app.setGlobalPrefix('api');
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
});

afterAll(() => app.close());

const get = async (url: string) => {
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
};

describe('createHttpAdapter: routes match as they did on Express', () => {
  it('in any case, with or without a final slash, the parameter as sent', async () => {
    expect(await get('/API/Things/AbC/')).toEqual({ status: 200, body: { id: 'AbC' } });
  });

  it('with a parameter of any length (Fastify would answer 414 past 100 characters)', async () => {
    const id = 'a'.repeat(500);
    expect(await get(`/api/things/${id}`)).toEqual({ status: 200, body: { id } });
  });

  it("answers a URL the router cannot read with a 404 in the API's error shape", async () => {
    expect(await get('/api/things/%zz')).toEqual({
      status: 404,
      body: expect.objectContaining({ statusCode: 404, path: '/api/things/%zz' }),
    });
  });
});
