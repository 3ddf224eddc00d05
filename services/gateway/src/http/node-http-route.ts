import { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type Logger } from '@nestjs/common';
import { errorAnswer, type httpDuration } from '@handcheck/server-kit';

/** A route Node's HTTP server answers itself, before Express and Nest see the request. */
export interface NodeHttpRoute {
  matches(req: IncomingMessage): boolean;
  handle(req: IncomingMessage, res: ServerResponse): void;
}

/** Express middleware, as a NodeHttpRoute runs it on Node's own request and response. */
export type NodeMiddleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/** The request's path without its query string, as a NodeHttpRoute matches it. */
export function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** Lets `route` answer its requests; every other request goes on to Express, under Nest. */
export function serveBeforeExpress(server: Server, route: NodeHttpRoute): void {
  const rest = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (route.matches(req)) {
      route.handle(req, res);
      return;
    }
    for (const listener of rest) listener(req, res);
  });
}

/** Times the answer into the histogram Express's routes use (server-kit's httpDuration). */
export function timeAnswer(
  duration: ReturnType<typeof httpDuration>,
  req: IncomingMessage,
  res: ServerResponse,
  route: string,
): void {
  const end = duration.startTimer();
  res.once('finish', () => end({ method: req.method, route, status: String(res.statusCode) }));
}

/** Sends a JSON body (text, or bytes already serialised), unless the answer has started. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: string | Buffer,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

/** Answers a failure as the API's exception filter does; an unexpected one is logged with its id. */
export function sendError(
  req: IncomingMessage,
  res: ServerResponse,
  failure: unknown,
  logger: Logger,
): void {
  const answer = errorAnswer(failure, pathOf(req));
  if (answer.errorId) logger.error({ errorId: answer.errorId, err: failure }, 'Unhandled error');
  sendJson(res, answer.status, JSON.stringify(answer.body), answer.headers);
}
