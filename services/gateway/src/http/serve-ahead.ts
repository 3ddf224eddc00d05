import { type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface HotRoute {
  matches(req: IncomingMessage): boolean;
  handle(req: IncomingMessage, res: ServerResponse): void;
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
