import { Controller, Get, Module, Req } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { AllExceptionsFilter, createHttpAdapter } from '@handcheck/server-kit';
import { GatewayEnv } from '../config/gateway.env';
import { AdminJwtStrategy } from './admin-jwt.strategy';
import { AuthKeys } from './auth-keys.service';
import { type AuthenticatedRequest, JwtAuthGuard } from './jwt-auth.guard';
import { Public } from './public.decorator';
import { SessionCheck } from './session-check.service';
import { TokenService } from './token.service';

/** The sign-ins that stand: a stand-in for MongoDB (the integration tests use the real one). */
const standing = new Set<string>();
const sessionCheck = {
  isActive: (familyId: string) => Promise.resolve(standing.has(familyId)),
  forget: () => undefined,
};

@Controller('private')
class PrivateController {
  @Get()
  read(@Req() request: AuthenticatedRequest) {
    return { ok: true, admin: request.admin?.email };
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
  let app: NestFastifyApplication;
  let tokens: TokenService;

  beforeAll(async () => {
    @Module({
      controllers: [PrivateController, PublicController],
      providers: [
        { provide: GatewayEnv, useValue: { JWT_SECRET: 's'.repeat(32) } },
        AuthKeys,
        { provide: SessionCheck, useValue: sessionCheck },
        {
          provide: TokenService,
          inject: [AuthKeys],
          useFactory: (k: AuthKeys) =>
            new TokenService(k, {} as never, {} as never, {} as never, {} as never, {} as never),
        },
        AdminJwtStrategy,
        { provide: APP_GUARD, useClass: JwtAuthGuard },
      ],
    })
    class TestModule {}
    const moduleRef = await Test.createTestingModule({ imports: [TestModule] }).compile();
    app = moduleRef.createNestApplication<NestFastifyApplication>(createHttpAdapter(), {
      logger: false,
    });
    app.useGlobalFilters(new AllExceptionsFilter());
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    tokens = app.get(TokenService);
  });

  afterAll(() => app.close());

  it('refuses a route without the marker when there is no token, saying Bearer', async () => {
    const response = await request(app.getHttpServer()).get('/private');
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it('refuses a malformed Authorization header', async () => {
    standing.add('f');
    const { accessToken } = tokens.signAccess({ id: 'u', email: 'a@b.c' }, 'f');
    await request(app.getHttpServer())
      .get('/private')
      .set('Authorization', `Basic ${accessToken}`)
      .expect(401);
  });

  it('lets a valid access token through, and leaves its claims for the route', async () => {
    standing.add('f');
    const { accessToken } = tokens.signAccess({ id: 'u', email: 'a@b.c' }, 'f');
    await request(app.getHttpServer())
      .get('/private')
      .set('Authorization', `Bearer ${accessToken}`)
      .expect(200, { ok: true, admin: 'a@b.c' });
  });

  it('refuses a valid token whose sign-in has ended (401, Bearer)', async () => {
    const { accessToken } = tokens.signAccess({ id: 'u', email: 'a@b.c' }, 'ended');
    const response = await request(app.getHttpServer())
      .get('/private')
      .set('Authorization', `Bearer ${accessToken}`);
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect((response.body as { message: string }).message).toBe(
      'Your session has ended. Please sign in again.',
    );
  });

  it('opens a route marked @Public() and every route of a controller so marked', async () => {
    await request(app.getHttpServer()).get('/private/open').expect(200, { open: true });
    await request(app.getHttpServer()).get('/public').expect(200, { ok: true });
  });
});
