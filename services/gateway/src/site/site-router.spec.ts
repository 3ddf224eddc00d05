import express from 'express';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { htmlFileFor, siteRouter } from './site-router';

function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dist-'));
  writeFileSync(join(dir, 'index.html'), '<h1>home</h1>');
  writeFileSync(join(dir, '404.html'), '<h1>Page Not Found</h1>');
  mkdirSync(join(dir, 'about'));
  writeFileSync(join(dir, 'about/index.html'), '<h1>about</h1>');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets/app-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *');
  return dir;
}

describe('siteRouter', () => {
  const dist = fakeDist();
  const app = express().use(siteRouter(dist));

  it('serves prerendered pages, revalidated every time', async () => {
    const home = await request(app).get('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('home');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect((await request(app).get('/about')).text).toContain('about');
  });

  it('caches hashed assets for a year', async () => {
    const asset = await request(app).get('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other static files', async () => {
    expect((await request(app).get('/robots.txt')).status).toBe(200);
  });

  it.each([
    ['/about/', '/about'],
    ['/ABOUT', '/about'],
    ['/conditions/tennis-elbow', '/conditions/tennis-elbow-lateral-epicondylitis'],
    ['/hand-pain', '/hand-conditions'],
    ['/index.html', '/'],
  ])('redirects %s to %s with 301', async (from, to) => {
    const response = await request(app).get(from);
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe(to);
  });

  it('keeps the query string on a redirect', async () => {
    expect((await request(app).get('/About?x=1')).headers.location).toBe('/about?x=1');
  });

  it('answers unknown paths with a real 404 and the 404 page', async () => {
    const response = await request(app).get('/conditions/not-a-condition');
    expect(response.status).toBe(404);
    expect(response.text).toContain('Page Not Found');
    expect((await request(app).get('/assets/missing.js')).status).toBe(404);
  });

  it('never reads outside the build folder', () => {
    expect(htmlFileFor(dist, '/../../etc')).toBeUndefined();
  });

  it('leaves /api to the API', async () => {
    const withApi = express()
      .use(siteRouter(dist))
      .get('/api/ping', (_req, res) => res.send('pong'));
    expect((await request(withApi).get('/api/ping')).text).toBe('pong');
  });
});
