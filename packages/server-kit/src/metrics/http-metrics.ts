import { type FastifyInstance } from 'fastify';
import { type Histogram } from 'prom-client';
import { type Metrics } from './metrics.service';

/** Seconds; our answers are mostly a few milliseconds, the tail is what matters. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export function httpDuration(metrics: Metrics): Histogram<'method' | 'route' | 'status'> {
  return metrics.histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: BUCKETS,
  });
}

/** The label of requests no route of the API matched: site files, 404s. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Times every answer, from the moment Fastify has the request (`reply.elapsedTime`), refusals
 * by hooks and the body parser included. The route label is the matched route's pattern, never
 * the raw URL (which would make a series per URL); anything no route matched, and a catch-all
 * route (`/*`, the site), share one label.
 */
export function timeHttpAnswers(instance: FastifyInstance, metrics: Metrics): void {
  const duration = httpDuration(metrics);
  instance.addHook('onResponse', (request, reply, done) => {
    const pattern = request.routeOptions.url;
    duration.observe(
      {
        method: request.method,
        route: !pattern || pattern.endsWith('*') ? UNMATCHED_ROUTE : pattern,
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
