import { AsyncResource } from 'node:async_hooks';
import Fastify from 'fastify';
import { registerBodyParsers } from './utf8-body';

// On Node 20, AsyncResource#bind wraps the bound function in util.deprecate, which makes it the
// prototype of a new function. Fastify 5.11 bound one per request body, and those links kept each
// request's objects (its reply, its header strings) alive through young-generation collections:
// a quarter of what the gateway allocated was promoted, and each collection took 7 ms instead of
// 1-2 ms (docs/performance.md). Fastify 5.12 keeps the request's async scope without binding.
describe('reading a request body', () => {
  it('binds no function to an async resource per request', async () => {
    const app = Fastify();
    registerBodyParsers(app, '1kb');
    app.post('/echo', async (request) => request.body);
    await app.ready();
    const bind = jest.spyOn(AsyncResource.prototype, 'bind');
    const staticBind = jest.spyOn(AsyncResource, 'bind');
    try {
      const response = await app.inject({ method: 'POST', url: '/echo', payload: { events: [1] } });
      expect(response.json()).toEqual({ events: [1] });
      expect(bind).not.toHaveBeenCalled();
      expect(staticBind).not.toHaveBeenCalled();
    } finally {
      bind.mockRestore();
      staticBind.mockRestore();
      await app.close();
    }
  });
});
