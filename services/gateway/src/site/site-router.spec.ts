import { type FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { type AddressInfo } from 'node:net';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { answerBadUrls, createHttpAdapter } from '@handcheck/server-kit';
import { FOLDER_REDIRECTS, LEGACY_REDIRECTS } from '@handcheck/site-paths';
import {
  acceptedEncodings,
  htmlFileFor,
  registerSite,
  siteBadUrlAnswer,
  staticFileFor,
} from './site-router';

function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dist-'));
  writeFileSync(join(dir, 'index.html'), '<h1>home</h1>');
  writeFileSync(join(dir, '404.html'), '<h1>Page Not Found</h1>');
  mkdirSync(join(dir, 'about'));
  writeFileSync(join(dir, 'about/index.html'), '<h1>about</h1>');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets/app-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *');
  // Like the built site: guides in a folder with no page of its own, the lists beside it.
  mkdirSync(join(dir, 'conditions/trigger-finger'), { recursive: true });
  writeFileSync(join(dir, 'conditions/trigger-finger/index.html'), '<h1>trigger finger</h1>');
  mkdirSync(join(dir, 'hand-conditions'));
  writeFileSync(join(dir, 'hand-conditions/index.html'), '<h1>hand conditions</h1>');
  // Built copies, compressed once at build time (web/scripts/precompress.mjs).
  const big = `console.log(${JSON.stringify('x'.repeat(5000))})`;
  writeFileSync(join(dir, 'assets/Big-AbC123.js'), big);
  // Marked, so a test can tell the built copy from one compressed while answering.
  writeFileSync(join(dir, 'assets/Big-AbC123.js.br'), brotliCompressSync(`${big}//built-br`));
  writeFileSync(join(dir, 'assets/Big-AbC123.js.gz'), gzipSync(`${big}//built-gz`));
  return dir;
}

/** Status and Location of one GET, sent as is (no client-side path clean-up). */
function rawGet(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; location?: string }>((done, fail) => {
    const req = get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => done({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on('error', fail);
  });
}

/**
 * The site on an instance as the gateway's is built (server-kit's createHttpAdapter: its router
 * options and its answer to URLs the router cannot read), with `more` routes beside it.
 */
async function siteApp(dist: string, more: (app: FastifyInstance) => void = () => undefined) {
  const app = createHttpAdapter().getInstance<FastifyInstance>();
  registerSite(app, dist);
  answerBadUrls(app, siteBadUrlAnswer(dist));
  more(app);
  await app.ready();
  return app;
}

describe('the site', () => {
  const dist = fakeDist();
  let instance: FastifyInstance;
  beforeAll(async () => {
    instance = await siteApp(dist);
  });
  afterAll(() => instance.close());

  it('serves prerendered pages, revalidated every time', async () => {
    const home = await request(instance.server).get('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('home');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect((await request(instance.server).get('/about')).text).toContain('about');
  });

  it('caches hashed assets for a year', async () => {
    const asset = await request(instance.server).get('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other static files', async () => {
    expect((await request(instance.server).get('/robots.txt')).status).toBe(200);
  });

  it.each([
    ['/about/', '/about'],
    ['/ABOUT', '/about'],
    ['/conditions/tennis-elbow', '/conditions/tennis-elbow-lateral-epicondylitis'],
    ['/hand-pain', '/hand-conditions'],
    ['/index.html', '/'],
  ])('redirects %s to %s with 301', async (from, to) => {
    const response = await request(instance.server).get(from);
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe(to);
  });

  it('keeps the query string on a redirect', async () => {
    expect((await request(instance.server).get('/About?x=1')).headers.location).toBe('/about?x=1');
  });

  it('answers unknown paths with a real 404 and the 404 page', async () => {
    const response = await request(instance.server).get('/conditions/not-a-condition');
    expect(response.status).toBe(404);
    expect(response.text).toContain('Page Not Found');
    expect((await request(instance.server).get('/assets/missing.js')).status).toBe(404);
  });

  it('never reads outside the build folder', () => {
    expect(htmlFileFor(dist, '/../../etc')).toBeUndefined();
  });

  it('leaves /api to the API', async () => {
    const withApi = await siteApp(dist, (more) => more.get('/api/ping', async () => 'pong'));
    try {
      expect((await request(withApi.server).get('/api/ping')).text).toBe('pong');
    } finally {
      await withApi.close();
    }
  });

  it('answers folders with the 404 page, never a redirect to themselves (one hop at most)', async () => {
    for (const path of ['/assets', '/assets/', '/ASSETS/']) {
      const first = await request(instance.server).get(path);
      if (first.status === 301) {
        expect(first.headers.location).toBe('/assets');
        expect((await request(instance.server).get(first.headers.location)).status).toBe(404);
      } else {
        expect(first.status).toBe(404);
      }
    }
  });

  it.each(['/conditions', '/conditions/', '/Conditions//'])(
    'sends %s to the hand conditions list in one hop',
    async (path) => {
      const first = await request(instance.server).get(path);
      expect(first.status).toBe(301);
      expect(first.headers.location).toBe('/hand-conditions');
      expect((await request(instance.server).get('/hand-conditions')).status).toBe(200);
    },
  );

  it('serves the pre-compressed copy the client prefers, with Vary, and never compresses on the fly', async () => {
    const br = await request(instance.server)
      .get('/assets/Big-AbC123.js')
      .set('Accept-Encoding', 'gzip, br')
      .buffer(true)
      .parse((res, callback) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => callback(null, Buffer.concat(chunks)));
      });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // (supertest undoes the encoding, as a browser does)
    expect((br.body as Buffer).toString()).toMatch(/\/\/built-br$/);
    expect(brotliDecompressSync(brotliCompressSync('ok')).toString()).toBe('ok');

    const gz = await request(instance.server)
      .get('/assets/Big-AbC123.js')
      .set('Accept-Encoding', 'gzip;q=1, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toMatch(/\/\/built-gz$/);

    const plain = await request(instance.server)
      .get('/assets/Big-AbC123.js')
      .set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);

    // A file without a built copy is sent as it is, whatever the client accepts.
    const small = await request(instance.server)
      .get('/assets/app-abc123.js')
      .set('Accept-Encoding', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(gzipSync('ok')).toString()).toBe('ok');
  });

  it('reads Accept-Encoding with its weights', () => {
    expect([...acceptedEncodings('gzip, deflate, br;q=0.5')]).toEqual(['gzip', 'deflate', 'br']);
    expect([...acceptedEncodings('br;q=0, gzip')]).toEqual(['gzip']);
    expect([...acceptedEncodings('*')]).toEqual(['br', 'gzip']);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
  });

  it('never serves from a sibling folder whose name starts like the build folder', () => {
    const parent = mkdtempSync(join(tmpdir(), 'site-'));
    const distDir = join(parent, 'dist');
    mkdirSync(join(distDir, 'x'), { recursive: true });
    mkdirSync(join(parent, 'dist-private/secret'), { recursive: true });
    writeFileSync(join(parent, 'dist-private/secret/index.html'), 'secret');
    writeFileSync(join(parent, 'dist-private/key.txt'), 'secret');
    expect(htmlFileFor(distDir, '/../dist-private/secret')).toBeUndefined();
    expect(htmlFileFor(distDir, '/x/../../dist-private/secret')).toBeUndefined();
    expect(staticFileFor(distDir, '/../dist-private/key.txt')).toBeUndefined();
    expect(staticFileFor(distDir, '/%2e%2e/dist-private/key.txt')).toBeUndefined();
  });

  describe('any path: at most one redirect, then a page or the 404 page', () => {
    const builtSite = resolve(__dirname, '../../../../web/dist');
    const dists = [fakeDist(), ...(existsSync(join(builtSite, 'index.html')) ? [builtSite] : [])];
    const names = [
      ...new Set([
        ...Object.keys(LEGACY_REDIRECTS).flatMap((path) => path.split('/')),
        ...Object.values(LEGACY_REDIRECTS).flatMap((path) => path.split('/')),
        ...Object.keys(FOLDER_REDIRECTS).flatMap((path) => path.split('/')),

        'assets',
        'conditions',
        'hand-conditions',
        'about',
        'privacy',
        'index.html',
        '404.html',
        'robots.txt',
        'favicon.svg',
        'sitemap.xml',
        'api-not',
        '.',
        '..',
        '%2e%2e',
        '%2E',
        '%2F',
        '%5C',
        '%41bout',
        '%zz',
        '%',
        '.env',
        'app-abc123.js',
        'Big-AbC123.js',
        'Big-AbC123.js.br',
      ]),
    ];
    const segment = fc.oneof(
      fc.constantFrom(...names),
      fc.stringMatching(/^[A-Za-z0-9._~%-]{1,8}$/),
    );
    const recase = (text: string, flips: boolean[]) =>
      [...text].map((c, i) => (flips[i % flips.length] ? c.toUpperCase() : c)).join('');
    const path = fc
      .tuple(
        fc.array(fc.tuple(fc.constantFrom('/', '//', '\\', '/\\'), segment), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.constantFrom('', '/', '//'),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 7 }),
        fc.constantFrom('', '?a=1'),
      )
      .map(
        ([parts, trailing, flips, query]) =>
          recase(
            `/${parts
              .map(([slash, name]) => slash + name)
              .join('')
              .replace(/^\/+/, '')}${trailing}`,
            flips,
          ) + query,
      );

    it.each(dists)('in %s', async (dist) => {
      const site = await siteApp(dist);
      await site.listen({ port: 0, host: '127.0.0.1' });
      const { port } = site.server.address() as AddressInfo;
      try {
        await fc.assert(
          fc.asyncProperty(path, async (requested) => {
            const first = await rawGet(port, requested);
            expect([200, 301, 404]).toContain(first.status);
            if (first.status !== 301) return;
            expect(first.location).toMatch(/^\/(?![/\\])/); // never off-site
            const second = await rawGet(port, first.location!);
            expect([200, 404]).toContain(second.status);
          }),
          { numRuns: 300 },
        );
      } finally {
        await site.close();
      }
    });
  });
});
