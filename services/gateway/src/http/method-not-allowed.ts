import { HttpException, HttpStatus } from '@nestjs/common';
import { type OpenAPIObject } from '@nestjs/swagger';
import { type preParsingHookHandler } from 'fastify';
import { escapeRegExp, pathOf, sendErrorAnswer } from '@handcheck/server-kit';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface Resource {
  path: RegExp;
  /** The Allow header: the methods the document lists, and HEAD wherever GET is. */
  allow: string;
  methods: ReadonlySet<string>;
}

/**
 * `/api/x/{id}` as the router matches it (createHttpAdapter: any case, an optional trailing
 * slash), a parameter standing for one path segment.
 */
function pathPattern(path: string): RegExp {
  const source = path
    .split(/\{[^}]+\}/)
    .map(escapeRegExp)
    .join('[^/]+');
  return new RegExp(`^${source}/?$`, 'i');
}

/** Every path of the document with the methods it has, read once. */
export function resourcesOf(document: OpenAPIObject): Resource[] {
  return Object.entries(document.paths).map(([path, item]) => {
    const methods = new Set(
      METHODS.filter((method) => method in item).map((method) => method.toUpperCase()),
    );
    if (methods.has('GET')) methods.add('HEAD');
    return { path: pathPattern(path), allow: [...methods].join(', '), methods };
  });
}

/**
 * A preParsing hook: a method the API document does not list for a path it has gets 405 with
 * `Allow` (RFC 9110 §15.5.6), in the API's error shape, instead of a 404. OPTIONS included:
 * the gateway answers no CORS preflight. The document is the list of routes (Nest's scanner
 * finds every controller's; the routes Fastify serves straight are in it by hand); none is left
 * out with @ApiExcludeEndpoint, which would make it a 405 here. A preParsing hook, after the
 * shared declared-length check (a body declared over the limit is a 413 first, as it was),
 * before a byte of the body is read.
 */
export function methodNotAllowed(document: OpenAPIObject): preParsingHookHandler {
  const resources = resourcesOf(document);
  return (request, reply, payload, done) => {
    // A request its own route took has a method the path takes: only the catch-all (the
    // site's `/*`) and the not-found handler can have met a method a documented path lacks.
    const route = request.routeOptions.url;
    if (route !== undefined && !route.endsWith('*')) {
      done(null, payload);
      return;
    }
    const path = pathOf(request.url);
    const resource = resources.find((candidate) => candidate.path.test(path));
    if (!resource || resource.methods.has(request.method)) {
      done(null, payload);
      return;
    }
    reply.header('Allow', resource.allow);
    sendErrorAnswer(
      request,
      reply,
      new HttpException(
        `${request.method} is not a method of ${path}; it takes ${resource.allow}.`,
        HttpStatus.METHOD_NOT_ALLOWED,
      ),
    );
  };
}
