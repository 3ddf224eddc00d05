import { Controller, Get, type INestApplication, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { AllExceptionsFilter } from '@handcheck/server-kit';
import { GatewayEnv } from '../config/gateway.env';
import { AuthKeys } from './auth-keys';
import { JwtAuthGuard } from './jwt-auth.guard';
import { Public } from './public.decorator';
import { TokenService } from './token.service';

@Controller('private')
class PrivateController {
  @Get()
  read() {
    return { ok: true };
  }

  @Public()
  @Get('open')
  open() {
    return { open: true };
  }
}

@Public()
@Controller('public')
class PublicController {
  @Get()
  read() {
    return { ok: true };
  }
}

describe('the global guard and @Public()', () => {
  let app: INestApplication;
  let tokens: TokenService;

  beforeAll(async () => {
    @Module({
      controllers: [PrivateController, PublicController],
      providers: [
        { provide: GatewayEnv, useValue: { JWT_SECRET: 's'.repeat(32) } },
        AuthKeys,
        {
          provide: TokenService,
          inject: [AuthKeys],
          useFactory: (k: AuthKeys) => new TokenService(k, {} as never, {} as never),
        },
        { provide: APP_GUARD, useClass: JwtAuthGuard },
      ],
    })
    class TestModule {}
    const moduleRef = await Test.createTestingModule({ imports: [TestModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    app.useGlobalFilters(new AllExceptionsFilter());
    await app.init();
    tokens = app.get(TokenService);
  });

  afterAll(() => app.close());

  it('refuses a route without the marker when there is no token, saying Bearer', async () => {
    const response = await request(app.getHttpServer()).get('/private');
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it('refuses a malformed Authorization header', async () => {
    const { accessToken } = tokens.signAccess({ id: 'u', email: 'a@b.c' });
    await request(app.getHttpServer())
      .get('/private')
      .set('Authorization', `Basic ${accessToken}`)
      .expect(401);
  });

  it('lets a valid access token through', async () => {
    const { accessToken } = tokens.signAccess({ id: 'u', email: 'a@b.c' });
    await request(app.getHttpServer())
      .get('/private')
      .set('Authorization', `Bearer ${accessToken}`)
      .expect(200, { ok: true });
  });

  it('opens a route marked @Public() and every route of a controller so marked', async () => {
    await request(app.getHttpServer()).get('/private/open').expect(200, { open: true });
    await request(app.getHttpServer()).get('/public').expect(200, { ok: true });
  });
});
