import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fastify } from 'fastify';
import { securityHeaders, sendSecurityHeaders } from './security-headers';
import { hashSources, siteScriptSources } from './site-script-sources';

const HASH = `'sha256-${'A'.repeat(43)}='`;
const OTHER = `'sha256-${'B'.repeat(43)}='`;

describe('the built site’s script sources', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'csp-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('takes only sha256 hash sources, nothing that would widen the policy', () => {
    expect(hashSources(JSON.stringify({ scriptSrc: [HASH, "'unsafe-inline'", '*', 42] }))).toEqual([
      HASH,
    ]);
    expect(hashSources('not json')).toEqual([]);
    expect(hashSources('null')).toEqual([]);
    expect(hashSources(JSON.stringify({ scriptSrc: HASH }))).toEqual([]);
  });

  it('reads csp.json, and again once it changes, no more than once a second', () => {
    let clock = 0;
    const sources = siteScriptSources(dir, () => clock);
    expect(sources()).toEqual([]);
    const file = join(dir, 'csp.json');
    writeFileSync(file, JSON.stringify({ scriptSrc: [HASH] }));
    expect(sources()).toEqual([]); // looked at less than a second ago
    clock = 1000;
    expect(sources()).toEqual([HASH]);
    writeFileSync(file, JSON.stringify({ scriptSrc: [OTHER] }));
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    clock = 2000;
    expect(sources()).toEqual([OTHER]);
    rmSync(file);
    clock = 3000;
    expect(sources()).toEqual([]);
  });

  it('puts them in the CSP script-src, after self', async () => {
    const app = fastify();
    sendSecurityHeaders(
      app,
      securityHeaders(false, () => [HASH]),
    );
    app.get('/', async () => 'ok');
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      const answer = await fetch(`http://127.0.0.1:${port}/`);
      expect(answer.headers.get('content-security-policy')).toContain(`script-src 'self' ${HASH};`);
    } finally {
      await app.close();
    }
  });
});
