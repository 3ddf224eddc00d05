import { LoggerModule, type Params } from 'nestjs-pino';
import { type DynamicModule, RequestMethod } from '@nestjs/common';
import { pinoHttp } from 'pino-http';
import { type CommonEnv } from '../config/common-env';
import { requestLogOptions } from './request-log';
import { RequestLog, type RouteInfo } from './request-log-hook';

export { RequestLog, escapeRegExp, logRequests } from './request-log-hook';

// Health probes and metrics scrapes skip the request logger altogether (they
// would drown the rest); their failures are still logged by the exception
// filter. Paths are as the service's controllers declare them, without a global prefix.
const QUIET_ROUTES: RouteInfo[] = [
  { path: 'health/live', method: RequestMethod.GET },
  { path: 'health/ready', method: RequestMethod.GET },
  { path: 'metrics', method: RequestMethod.GET },
];

/**
 * JSON logs with the service name and version on every line; secrets and
 * credentials redacted, URLs without their query strings (request-log.ts); health probes
 * not logged (they would drown the rest), nor the service's own `quiet` routes (the gateway's
 * busiest: a log line would cost more than the answer). Requests are logged by a Fastify hook
 * (logRequests, from applyHttpDefaults), not by Nest's middleware, which ran for every request
 * of every route, the quiet ones included, to find out it had nothing to do.
 */
export function createLoggerModule(
  service: string,
  envSchema: new () => CommonEnv,
  quiet: RouteInfo[] = [],
): DynamicModule {
  return LoggerModule.forRootAsync({
    providers: [
      {
        provide: RequestLog,
        inject: [envSchema],
        useFactory: (env: CommonEnv) =>
          new RequestLog(pinoHttp(requestLogOptions(service, env)), [...QUIET_ROUTES, ...quiet]),
      },
    ],
    inject: [RequestLog],
    // The app's own log lines go to the request logger's pino; no middleware of nestjs-pino's.
    useFactory: (log: RequestLog): Params => ({
      forRoutes: [],
      pinoHttp: { logger: log.http.logger },
    }),
  });
}
