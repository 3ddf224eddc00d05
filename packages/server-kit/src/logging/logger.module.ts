import { LoggerModule, type Params } from 'nestjs-pino';
import { type DynamicModule, RequestMethod } from '@nestjs/common';
import { type CommonEnv } from '../config/common-env';
import { requestLogOptions } from './request-log';

// Health probes and metrics scrapes skip the request logger altogether (they
// would drown the rest); their failures are still logged by the exception
// filter. Nest puts the gateway's "api" prefix in front.
// Nest's RouteInfo (a path and a method), which @nestjs/common does not export from its root.
type RouteInfo = Exclude<NonNullable<Params['exclude']>[number], string>;
const QUIET_ROUTES: RouteInfo[] = [
  { path: 'health/live', method: RequestMethod.GET },
  { path: 'health/ready', method: RequestMethod.GET },
  { path: 'metrics', method: RequestMethod.GET },
];

/**
 * JSON logs with the service name and version on every line; secrets and
 * credentials redacted, URLs without their query strings (request-log.ts); health probes
 * not logged (they would drown the rest), nor the service's own `quiet` routes (the gateway's
 * busiest: a log line would cost more than the answer).
 */
export function createLoggerModule(
  service: string,
  envSchema: new () => CommonEnv,
  quiet: RouteInfo[] = [],
): DynamicModule {
  return LoggerModule.forRootAsync({
    inject: [envSchema],
    useFactory: (env: CommonEnv) => ({
      // path-to-regexp 8 syntax; the library's default '*' makes Nest warn at every start.
      forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
      exclude: [...QUIET_ROUTES, ...quiet],
      pinoHttp: requestLogOptions(service, env),
    }),
  });
}
