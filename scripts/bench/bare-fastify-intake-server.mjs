// bench:intake's second yardstick: the gateway's Fastify with one route that reads and parses
// the body (Fastify's own JSON parser) and answers 202 with the count of its events, serialised
// by a response schema, with the security headers the gateway sends (BENCH_HEADERS) set by an
// onRequest hook. What the framework costs before any work of ours. Run as a child of the
// bench, as bare-intake-server.mjs is.
import Fastify from 'fastify';

const headers = JSON.parse(process.env.BENCH_HEADERS ?? '{}');
const app = Fastify({ keepAliveTimeout: 65_000 });
app.addHook('onRequest', (_request, reply, done) => {
  reply.headers(headers);
  done();
});
app.post(
  '/api/events',
  {
    schema: {
      response: { 202: { type: 'object', properties: { accepted: { type: 'integer' } } } },
    },
  },
  (request, reply) => {
    void reply.code(202).send({ accepted: request.body.events.length });
  },
);
await app.listen({ port: 0, host: '127.0.0.1' });
process.send({ port: app.server.address().port });
process.on('message', (message) => {
  if (message === 'cpu') process.send({ cpu: process.cpuUsage() });
  if (message === 'stop') void app.close().then(() => process.exit(0));
});
