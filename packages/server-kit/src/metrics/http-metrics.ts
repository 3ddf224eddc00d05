import { type IncomingMessage, type ServerResponse } from 'node:http';
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

type Routed = IncomingMessage & { route?: { path?: unknown }; baseUrl?: string };

/**
 * Times every request that reaches Express. The route label is the matched
 * route's pattern, never the raw URL (which would make a series per URL);
 * anything no route matched (site files, 404s) shares one label.
 */
export function httpMetricsMiddleware(metrics: Metrics) {
  const duration = httpDuration(metrics);
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const end = duration.startTimer();
    res.once('finish', () => {
      const routed = req as Routed;
      const pattern = typeof routed.route?.path === 'string' ? routed.route.path : undefined;
      end({
        method: req.method ?? 'GET',
        route: pattern ? `${routed.baseUrl ?? ''}${pattern}` : '(unmatched)',
        status: String(res.statusCode),
      });
    });
    next();
  };
}
