import { HttpException, HttpStatus } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/** What the client gets when a request fails: status, extra headers and our one error shape. */
export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: { statusCode: number; timestamp: string; path: string; message: unknown } & Record<
    string,
    unknown
  >;
  /** Set for failures we did not foresee; the caller logs it with the error, the client sees only the id. */
  errorId?: string;
}

const UNEXPECTED_ERROR_MESSAGE = 'Something went wrong on our side. Please try again later.';

/**
 * One error shape for every API answer: {statusCode, timestamp, path, message}.
 * Used by the Nest exception filter and by routes served ahead of Nest, so both answer alike.
 */
export function errorAnswer(exception: unknown, path: string): ErrorAnswer {
  const base = { timestamp: new Date().toISOString(), path };
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const detail =
      typeof response === 'object' && response !== null
        ? (response as Record<string, unknown>)
        : {};
    const message = typeof response === 'string' ? response : (detail.message ?? exception.message);
    const headers = (exception as HttpException & { headers?: Record<string, string> }).headers;
    // Extra fields an exception carries (e.g. terminus' per-engine health report) are kept.
    return {
      status,
      headers: headers ?? {},
      body: { statusCode: status, ...base, ...detail, message },
    };
  }
  const errorId = randomUUID();
  const status = HttpStatus.INTERNAL_SERVER_ERROR;
  return {
    status,
    headers: {},
    body: { statusCode: status, ...base, message: UNEXPECTED_ERROR_MESSAGE, errorId },
    errorId,
  };
}

/** An HttpException that also sets response headers, such as Retry-After on a 503. */
export function withHeaders<E extends HttpException>(
  exception: E,
  headers: Record<string, string>,
): E {
  return Object.assign(exception, { headers });
}

/** `/api/x?y=1` → `/api/x`: the path an error answer names (Express's `req.path`). */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * Lets an app give the error answers of some paths fields of their own, also where no Nest
 * filter of the route runs (the body parser's refusals, hooks, a wrong method).
 * `shape(path, body)` returns the body to send.
 */
export type ErrorBodyShape = (path: string, body: ErrorAnswer['body']) => object;

const ERROR_BODY_SHAPES = new WeakMap<object, ErrorBodyShape>();

/** Sets the app's ErrorBodyShape (on the Fastify instance the adapter wraps). */
export function setErrorBodyShape(instance: FastifyInstance, shape: ErrorBodyShape): void {
  ERROR_BODY_SHAPES.set(instance, shape);
}

/**
 * The shape set on the instance the request reached or on one it descends from: a Fastify
 * plugin's instance is an object whose prototype is its parent's.
 */
function errorBodyShapeOf(request: FastifyRequest): ErrorBodyShape | undefined {
  for (let server: object | null = request.server; server; server = Object.getPrototypeOf(server)) {
    const shape = ERROR_BODY_SHAPES.get(server);
    if (shape) return shape;
  }
  return undefined;
}

/** Answers a Fastify request with `exception` in our error shape (and the app's, if it set one). */
export function sendErrorAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  exception: unknown,
): ErrorAnswer {
  const path = pathOf(request.url);
  const answer = errorAnswer(exception, path);
  const shape = errorBodyShapeOf(request);
  void reply
    .status(answer.status)
    .headers(answer.headers)
    .type('application/json; charset=utf-8')
    .send(shape ? shape(path, answer.body) : answer.body);
  return answer;
}
