import { RequestMethod } from '@nestjs/common';
import fastify from 'fastify';
import { storage } from 'nestjs-pino/storage';
import pino from 'pino';
import { pinoHttp } from 'pino-http';
import { logLines } from './log-lines';
import { RequestLog, logRequests } from './request-log-hook';

const QUIET = [
  { path: 'health/live', method: RequestMethod.GET },
  { path: 'events', method: RequestMethod.POST },
];

describe('RequestLog.isQuiet', () => {
  const log = new RequestLog(pinoHttp({ enabled: false }), QUIET);

  it('knows a quiet route under a global prefix or none, with or without a final slash', () => {
    expect(log.isQuiet('GET', '/health/live')).toBe(true);
    expect(log.isQuiet('GET', '/api/health/live')).toBe(true);
    expect(log.isQuiet('GET', '/api/Health/Live/')).toBe(true);
    expect(log.isQuiet('POST', '/api/events')).toBe(true);
  });

  it("counts a GET route's HEAD twin, and no other method or path", () => {
    expect(log.isQuiet('HEAD', '/api/health/live')).toBe(true);
    expect(log.isQuiet('POST', '/api/health/live')).toBe(false);
    expect(log.isQuiet('GET', '/api/events')).toBe(false);
    expect(log.isQuiet('GET', '/api/v1/health/live')).toBe(false);
    expect(log.isQuiet('GET', '/api/health/live/extra')).toBe(false);
    expect(log.isQuiet(['GET', 'POST'], '/api/events')).toBe(false);
  });
});

describe('logRequests', () => {
  it('logs every answer but the quiet routes, and lends the request its logger', async () => {
    const { lines, stream } = logLines();
    const app = fastify();
    logRequests(app, new RequestLog(pinoHttp({ logger: pino(stream) }), QUIET));
    app.get('/api/health/live', async () => 'ok');
    app.post('/api/events', async () => 'ok');
    app.get('/api/specialists', async () => {
      // What the app's own log lines use while it answers (nestjs-pino's PinoLogger).
      storage.getStore()?.logger.info('inside the request');
      return 'ok';
    });
    await app.ready();
    await app.inject({ method: 'GET', url: '/api/health/live' });
    await app.inject({ method: 'POST', url: '/api/events', payload: {} });
    await app.inject({ method: 'GET', url: '/api/specialists' });
    await app.inject({ method: 'GET', url: '/nowhere' });
    await app.close();
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed.map((line) => (line.req as { url: string }).url)).toEqual([
      '/api/specialists',
      '/nowhere',
    ]);
    const inside = lines.find((line) => line.msg === 'inside the request');
    expect(inside?.req).toMatchObject({ url: '/api/specialists' });
  });
});
