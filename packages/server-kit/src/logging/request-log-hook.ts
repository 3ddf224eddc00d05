import { RequestMethod } from '@nestjs/common';
import { type FastifyInstance } from 'fastify';
import { Store, storage } from 'nestjs-pino/storage';
import { type HttpLogger } from 'pino-http';

/** A route as Nest names one: its path without the global prefix, and its method. */
export interface RouteInfo {
  path: string;
  method: RequestMethod;
}

/** `text` as a RegExp source matching it literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');

/** The service's request logger (pino-http) and the routes it leaves alone. */
export class RequestLog {
  private readonly quiet: { path: RegExp; methods: ReadonlySet<string> | undefined }[];

  constructor(
    readonly http: HttpLogger,
    quiet: RouteInfo[],
  ) {
    this.quiet = quiet.map(({ path, method }) => {
      const name = RequestMethod[method];
      return {
        // Under a global prefix (the gateway's `api`) or not, a final slash or not.
        path: new RegExp(`^(/[^/]+)?/${escapeRegExp(path.replace(/^\/+|\/+$/g, ''))}/?$`, 'i'),
        // GET routes have Fastify's HEAD twin.
        methods:
          method === RequestMethod.ALL
            ? undefined
            : new Set(method === RequestMethod.GET ? [name, 'HEAD'] : [name]),
      };
    });
  }

  /** Whether a route (as Fastify registers it) goes unlogged. */
  isQuiet(method: string | string[], url: string): boolean {
    const methods = Array.isArray(method) ? method : [method];
    return this.quiet.some(
      (route) =>
        route.path.test(url) &&
        methods.every((name) => route.methods === undefined || route.methods.has(name)),
    );
  }
}

const QUIET = Symbol('quietRequestLog');

/**
 * Logs every answer of the instance but the quiet routes', which are marked once, when they
 * are registered, so a request to one costs a property read. The request's logger is the one
 * the app's log lines use while it is answered (nestjs-pino's store), as its middleware did.
 */
export function logRequests(instance: FastifyInstance, log: RequestLog): void {
  instance.addHook('onRoute', (route) => {
    if (log.isQuiet(route.method, route.url)) route.config = { ...route.config, [QUIET]: true };
  });
  instance.addHook('onRequest', (request, reply, done) => {
    if ((request.routeOptions.config as { [QUIET]?: boolean })[QUIET]) {
      done();
      return;
    }
    log.http(request.raw, reply.raw);
    storage.run(new Store(request.raw.log), done);
  });
}
