import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { Metrics } from './metrics.service';

export const METRICS_LISTEN = Symbol('METRICS_LISTEN');

export interface MetricsListen {
  port: number;
  host: string;
}

/**
 * /metrics on a port of its own, for a service whose HTTP port faces the
 * internet (the gateway): the ingress never routes to this port, so the
 * metrics are only reachable from inside the cluster.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: Server | undefined;

  constructor(
    private readonly metrics: Metrics,
    @Inject(METRICS_LISTEN) private readonly listen: MetricsListen,
  ) {}

  /** Where it listens; useful when started on port 0. */
  get port(): number {
    return (this.server?.address() as AddressInfo | null)?.port ?? this.listen.port;
  }

  async onApplicationBootstrap(): Promise<void> {
    const server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method !== 'GET' || path !== '/metrics') {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
        return;
      }
      this.metrics.text().then(
        ({ contentType, body }) => res.writeHead(200, { 'Content-Type': contentType }).end(body),
        (error: unknown) => {
          this.logger.error({ err: error }, 'Could not collect metrics');
          res.writeHead(500).end();
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.listen.port, this.listen.host, () => resolve());
    });
    this.server = server;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
  }
}
