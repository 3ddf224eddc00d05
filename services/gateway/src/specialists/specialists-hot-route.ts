import { type IncomingMessage, type ServerResponse } from 'node:http';
import { Injectable, Logger } from '@nestjs/common';
import { Metrics, errorAnswer, httpDuration } from '@handcheck/server-kit';
import { GatewayEnv } from '../config/gateway.env';
import { type HotRoute, pathOf } from '../http/serve-ahead';
import { securityHeaders } from '../site/security-headers';
import { type SpecialistListDto } from './dto/specialist.dto';
import { SpecialistsService } from './specialists.service';

export const SPECIALISTS_PATH = '/api/specialists';

type Middleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/**
 * GET /api/specialists straight from Node's HTTP server, ahead of Express and Nest (as
 * POST /api/events is): every results page asks for it, and through Express, Nest and the
 * per-request log it cost about 0.57 ms of CPU per request on this machine, which at the
 * issue's 1,000 requests/s is over half a core of the two the whole stack shares. The
 * answer is the same as SpecialistsController's (which documents it in OpenAPI): the same
 * security headers, Cache-Control, error shape and duration histogram; the body is
 * serialised once per list the cache holds, not once per request.
 */
@Injectable()
export class SpecialistsHotRoute implements HotRoute {
  private readonly logger = new Logger('Specialists');
  private readonly headers: Middleware;
  private readonly duration;
  private serialised?: { list: SpecialistListDto; body: Buffer };

  constructor(
    private readonly specialists: SpecialistsService,
    env: GatewayEnv,
    metrics: Metrics,
  ) {
    this.headers = securityHeaders(env.NODE_ENV === 'production') as Middleware;
    this.duration = httpDuration(metrics);
  }

  matches(req: IncomingMessage): boolean {
    return req.method === 'GET' && pathOf(req) === SPECIALISTS_PATH;
  }

  handle(req: IncomingMessage, res: ServerResponse): void {
    const end = this.duration.startTimer();
    res.once('finish', () =>
      end({ method: 'GET', route: SPECIALISTS_PATH, status: String(res.statusCode) }),
    );
    this.headers(req, res, () => {
      this.specialists.list().then(
        (list) => this.send(res, list),
        (failure: unknown) => this.fail(req, res, failure),
      );
    });
  }

  private send(res: ServerResponse, list: SpecialistListDto): void {
    if (this.serialised?.list !== list) {
      this.serialised = { list, body: Buffer.from(JSON.stringify(list)) };
    }
    const { body } = this.serialised;
    if (res.headersSent) return;
    res.writeHead(200, {
      'Cache-Control': `public, max-age=${this.specialists.freshSeconds}`,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': body.length,
    });
    res.end(body);
  }

  private fail(req: IncomingMessage, res: ServerResponse, failure: unknown): void {
    const answer = errorAnswer(failure, pathOf(req));
    if (answer.errorId)
      this.logger.error({ errorId: answer.errorId, err: failure }, 'Unhandled error');
    if (res.headersSent) return;
    const text = JSON.stringify(answer.body);
    res.writeHead(answer.status, {
      ...answer.headers,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
    });
    res.end(text);
  }
}

