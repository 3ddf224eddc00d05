import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Running, startGateway } from '../../support/apps';
import { type GatewayEnv } from '../../../services/gateway/src/config/gateway.env';

jest.setTimeout(120_000);

const COMMITTED = join(__dirname, '..', '..', '..', 'docs', 'openapi.json');

/** The real gateway (configureGateway, its security headers, the events intake as a plain Fastify route). */
describe('the gateway serves its OpenAPI document and Swagger UI', () => {
  let gateway: Running<GatewayEnv>;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway?.close());

  it('serves the committed document at /api/openapi.json', async () => {
    const response = await fetch(`${gateway.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await response.json()).toEqual(JSON.parse(readFileSync(COMMITTED, 'utf8')));
  });

  it('serves /api/docs under the strict CSP, with its files from our origin', async () => {
    const page = await fetch(`${gateway.url}/api/docs`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="(\/api\/docs\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) {
      const answer = await fetch(`${gateway.url}${asset}`);
      expect([asset, answer.status]).toEqual([asset, 200]);
      await answer.arrayBuffer();
    }
  });

  it('still answers POST /api/events ahead of Express, in the documented error shape', async () => {
    // A refused batch only: an accepted one would reach the shared test topic.
    const response = await fetch(`${gateway.url}/api/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ events: [{ type: 'page_view' }] }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      statusCode: 400,
      timestamp: expect.any(String),
      path: '/api/events',
      message: expect.arrayContaining([expect.stringMatching(/^events\[0\]\.id is missing/)]),
    });
  });
});
