import { type IncomingMessage, type ServerResponse } from 'node:http';
import { Injectable, Logger } from '@nestjs/common';
import { Metrics, httpDuration } from '@handcheck/server-kit';
import { GatewayEnv } from '../config/gateway.env';
import {
  type NodeHttpRoute,
  type NodeMiddleware,
  pathOf,
  sendError,
  sendJson,
  timeAnswer,
} from '../http/node-http-route';
import { securityHeaders } from '../site/security-headers';
import { type SpecialistListDto } from './dto/specialist.dto';
import { SpecialistsService } from './specialists.service';

export const SPECIALISTS_PATH = '/api/specialists';

/**
 * GET /api/specialists straight from Node's HTTP server, before Express and Nest (as
 * POST /api/events is): every results page asks for it, and Express, Nest and the per-request
 * log cost about 0.57 ms of CPU per request, over half a core at 1,000 requests/s. The answer
 * is SpecialistsController's (which documents it in OpenAPI): the same security headers,
 * Cache-Control, error shape and duration histogram; the body is serialised once per list the
 * cache holds, not once per request.
 */
@Injectable()
export class SpecialistsNodeRoute implements NodeHttpRoute {
  private readonly logger = new Logger('Specialists');
  private readonly headers: NodeMiddleware;
  private readonly duration;
  private serialised?: { list: SpecialistListDto; body: Buffer };

  constructor(
    private readonly specialists: SpecialistsService,
    env: GatewayEnv,
    metrics: Metrics,
  ) {
    this.headers = securityHeaders(env.NODE_ENV === 'production') as NodeMiddleware;
    this.duration = httpDuration(metrics);
  }

  matches(req: IncomingMessage): boolean {
    return req.method === 'GET' && pathOf(req) === SPECIALISTS_PATH;
  }

  handle(req: IncomingMessage, res: ServerResponse): void {
    timeAnswer(this.duration, req, res, SPECIALISTS_PATH);
    this.headers(req, res, () => {
      this.specialists.list().then(
        (list) => this.send(res, list),
        (failure: unknown) => sendError(req, res, failure, this.logger),
      );
    });
  }

  private send(res: ServerResponse, list: SpecialistListDto): void {
    if (this.serialised?.list !== list) {
      this.serialised = { list, body: Buffer.from(JSON.stringify(list)) };
    }
    sendJson(res, 200, this.serialised.body, {
      'Cache-Control': `public, max-age=${this.specialists.freshSeconds}`,
    });
  }
}
