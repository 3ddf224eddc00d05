import { type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface HotRoute {
  matches(req: IncomingMessage): boolean;
  handle(req: IncomingMessage, res: ServerResponse): void;
}

/** The request's path without its query string, as a hot route matches it. */
export function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Lets a route answer straight from Node's HTTP server; every other request
 * goes on to the listeners the server already had (Express, under Nest).
 */
export function serveAhead(server: Server, route: HotRoute): void {
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
