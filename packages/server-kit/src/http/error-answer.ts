import { HttpException, HttpStatus } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { randomUUID } from 'node:crypto';

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

/**
 * Express setting (`app.set(ERROR_BODY_SHAPE, shape)`): lets an app give the error answers
 * of some paths fields of their own, also where no Nest filter runs (the body parser's
 * refusals, middleware). `shape(path, body)` returns the body to send.
 */
export const ERROR_BODY_SHAPE = 'handcheck error body shape';
export type ErrorBodyShape = (path: string, body: ErrorAnswer['body']) => object;

/** Answers an Express request with `exception` in our error shape (and the app's, if it set one). */
export function sendErrorAnswer(req: Request, res: Response, exception: unknown): ErrorAnswer {
  const answer = errorAnswer(exception, req.path);
  const shape = req.app?.get(ERROR_BODY_SHAPE) as ErrorBodyShape | undefined;
  res
    .status(answer.status)
    .set(answer.headers)
    .json(shape ? shape(req.path, answer.body) : answer.body);
  return answer;
}
