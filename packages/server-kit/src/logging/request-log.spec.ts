import { createServer } from 'node:http';
import pino from 'pino';
import { pinoHttp } from 'pino-http';
import request from 'supertest';
import { CommonEnv } from '../config/common-env';
import { logLines } from './log-lines';
import { loggedPath, requestLogOptions } from './request-log';

/** An app logging its requests as every service does, into an array of parsed lines. */
function loggedApp() {
  const { lines, stream: sink } = logLines();
  const options = requestLogOptions(
    'test-service',
    Object.assign(new CommonEnv(), { LOG_LEVEL: 'info' }),
  );
  const log = pinoHttp({ ...options, logger: pino(options, sink) });
  // Node's own server: what is tested is the options, whichever framework answers.
  const app = createServer((req, res) => {
    log(req, res);
    const url = req.url ?? '';
    if (url.startsWith('/api/auth/session')) {
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.end(JSON.stringify({ ok: true }));
    } else if (url.startsWith('/Old-Page')) {
      res.statusCode = 301;
      res.setHeader('Location', `/old-page${url.slice(9)}`);
      res.end();
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  return { app, lines };
}

describe('request logs', () => {
  it('log paths without query strings or fragments', () => {
    expect(loggedPath('/api/auth/session?access_token=abc')).toBe('/api/auth/session');
    expect(loggedPath('/conditions/trigger-finger#top')).toBe('/conditions/trigger-finger');
    expect(loggedPath('/faq')).toBe('/faq');
    expect(loggedPath(undefined)).toBe('');
  });

  it('never write an access token sent in the query string', async () => {
    const { app, lines } = loggedApp();
    await request(app)
      .get(
        '/api/auth/session?access_token=eyJhbGciOiJIUzI1NiJ9.secret-part&email=jane%40example.com',
      )
      .expect(200);
    const text = JSON.stringify(lines);
    expect(text).not.toContain('secret-part');
    expect(text).not.toContain('access_token');
    expect(text).not.toContain('jane');
    const completed = lines.find((line) => line.msg === 'request completed');
    expect(completed?.req).toEqual({
      id: expect.anything(),
      method: 'GET',
      url: '/api/auth/session',
    });
  });

  it('nor the query string a redirect repeats in its Location', async () => {
    const { app, lines } = loggedApp();
    await request(app).get('/Old-Page?access_token=tok-123').expect(301);
    const text = JSON.stringify(lines);
    expect(text).not.toContain('tok-123');
    const completed = lines.find((line) => line.msg === 'request completed') as {
      res: { statusCode: number; headers: Record<string, unknown> };
    };
    expect(completed.res.statusCode).toBe(301);
    expect(completed.res.headers.location).toBe('/old-page');
  });
});
