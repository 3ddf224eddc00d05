import { Controller, Get, Module } from '@nestjs/common';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { createHttpAdapter } from '@handcheck/server-kit';
import { securityHeaders, sendSecurityHeaders } from '../site/security-headers';
import { DOCS_INITIALIZER, mountOpenApi } from './mount-openapi';

@Controller('ping')
class PingController {
  @Get()
  ping() {
    return { pong: true };
  }
}

@Module({ controllers: [PingController] })
class PingModule {}

/** The gateway's order: security headers, the `api` prefix, then the docs (see configureGateway). */
async function gatewayLikeApp(): Promise<NestFastifyApplication> {
  const moduleRef = await Test.createTestingModule({ imports: [PingModule] }).compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(createHttpAdapter(), {
    logger: false,
  });
  sendSecurityHeaders(app.getHttpAdapter().getInstance(), securityHeaders(false));
  app.setGlobalPrefix('api');
  mountOpenApi(app);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

const CSP = /(^|;)script-src 'self'(;|$)/;

describe('the OpenAPI routes', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await gatewayLikeApp();
  });
  afterAll(() => app.close());

  it('serve the document of the running app', async () => {
    const response = await request(app.getHttpServer()).get('/api/openapi.json').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-security-policy']).toMatch(CSP);
    const document = response.body as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    // What Nest's scanner found under the prefix, and what the gateway adds.
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/ping', '/api/events', '/api/docs']),
    );
  });

  it('serve Swagger UI under our CSP: no inline script, every script a file of ours', async () => {
    const server = app.getHttpServer();
    const page = await request(server).get('/api/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(CSP);
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);

    const html = page.text;
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/api\/docs\//);
      expect(body.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);

    const assets = [...html.matchAll(/(?:src|href)="(\/api\/docs\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets).toEqual(
      expect.arrayContaining([
        '/api/docs/swagger-ui-bundle.js',
        '/api/docs/swagger-initializer.js',
        '/api/docs/swagger-ui.css',
      ]),
    );
    for (const asset of assets) {
      const answer = await request(server).get(asset).expect(200);
      expect(answer.headers['content-security-policy']).toMatch(CSP);
      if (asset.endsWith('.js')) {
        expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
      }
    }
  });

  it('point Swagger UI at our document, without the outside validator badge', async () => {
    const init = await request(app.getHttpServer())
      .get('/api/docs/swagger-initializer.js')
      .expect(200);
    expect(init.text).toBe(DOCS_INITIALIZER);
    expect(init.text).toContain("url: '/api/openapi.json'");
    expect(init.text).toContain('validatorUrl: null');
  });

  it("serve none of swagger-ui-dist's other files", async () => {
    for (const path of [
      '/api/docs/index.html',
      '/api/docs/swagger-initializer.json',
      '/api/docs/package.json',
    ]) {
      await request(app.getHttpServer()).get(path).expect(404);
    }
  });
});
