import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { BadRequestException, HttpException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import proxyAddr from 'proxy-addr';
import {
  ClientRateLimit,
  Metrics,
  bodyParserException,
  declaredLength,
  httpDuration,
  jsonShapeException,
  limitBytes,
  limitText,
  withHeaders,
} from '@handcheck/server-kit';
import { GatewayEnv } from '../config/gateway.env';
import { GeoLocator, UNKNOWN_LOCATION } from '../geo/geo-locator.service';
import {
  type NodeHttpRoute,
  type NodeMiddleware,
  pathOf,
  sendError,
  sendJson,
  timeAnswer,
} from '../http/node-http-route';
import { trustedProxy } from '../http/trusted-proxy';
import { utf8JsonBody } from '../http/utf8-json-body';
import { gatewaySecurityHeaders } from '../site/security-headers';
import { EventsService } from './events.service';
import { parseEventBatch } from '@handcheck/contracts';

export const EVENTS_PATH = '/api/events';
export const EVENTS_BODY_LIMIT = '64kb';
const EVENTS_BODY_LIMIT_BYTES = limitBytes(EVENTS_BODY_LIMIT);

/**
 * POST /api/events, served straight from Node's HTTP server ahead of Express
 * and Nest's router. Nearly every request the site makes is one of these, and
 * those two layers were about a third of the gateway's CPU per request; on two
 * shared cores at 2,000 requests/s that CPU is what the latency tail is made
 * of. It answers exactly like the rest of the API: the same security headers,
 * body parser, error shape and client-IP rule as Express.
 */
@Injectable()
export class EventsIntake implements NodeHttpRoute {
  private readonly logger = new Logger('EventsIntake');
  private readonly headers: NodeMiddleware;
  private readonly parseBody: NodeMiddleware = utf8JsonBody(EVENTS_BODY_LIMIT);
  /** The same rule Express is given as 'trust proxy'. */
  private readonly trustProxy: (address: string, hop: number) => boolean;
  /** The same histogram as every Express route: this one is not served by Express. */
  private readonly duration;
  /** Per client, per pod: one client cannot take the shared buffer from everyone. */
  private readonly limit: ClientRateLimit;

  constructor(
    private readonly events: EventsService,
    private readonly geo: GeoLocator,
    env: GatewayEnv,
    metrics: Metrics,
  ) {
    this.headers = gatewaySecurityHeaders(env) as NodeMiddleware;
    this.trustProxy = trustedProxy(env.TRUSTED_PROXIES);
    this.duration = httpDuration(metrics);
    this.limit = new ClientRateLimit({
      name: 'events',
      burst: env.EVENTS_BURST,
      perSecond: env.EVENTS_RATE_PER_SECOND,
      secret: randomBytes(32),
    });
  }

  /** True when the request is ours to answer. */
  matches(req: IncomingMessage): boolean {
    return req.method === 'POST' && pathOf(req) === EVENTS_PATH;
  }

  handle(req: IncomingMessage, res: ServerResponse): void {
    timeAnswer(this.duration, req, res, EVENTS_PATH);
    this.headers(req, res, () => {
      // Refused before a byte of the body is read: a declared length over the
      // limit (the connection is then closed, so the body is never read), and a
      // client over its rate.
      const length = declaredLength(req.headers['content-length']);
      if (length !== undefined && length > EVENTS_BODY_LIMIT_BYTES) {
        res.setHeader('Connection', 'close');
        this.fail(
          req,
          res,
          new HttpException(
            `The request body is larger than ${limitText(EVENTS_BODY_LIMIT)}.`,
            HttpStatus.PAYLOAD_TOO_LARGE,
          ),
        );
        return;
      }
      const client = proxyAddr(req, this.trustProxy);
      this.limit.take(client).then(
        (decision) => {
          if (decision.allowed) {
            this.read(req, res, client);
            return;
          }
          this.events.refused('rate_limited');
          this.fail(
            req,
            res,
            withHeaders(
              new HttpException(
                'Too many requests from this address; nothing was recorded. Please retry later.',
                HttpStatus.TOO_MANY_REQUESTS,
              ),
              { 'Retry-After': String(decision.retryAfterSeconds) },
            ),
          );
        },
        (failure: unknown) => this.fail(req, res, failure),
      );
    });
  }

  private read(req: IncomingMessage, res: ServerResponse, client: string): void {
    this.parseBody(req, res, (error?: unknown) => {
      if (error !== undefined) {
        this.fail(req, res, bodyParserException(error, EVENTS_BODY_LIMIT));
        return;
      }
      try {
        this.accept(req, res, client, (req as IncomingMessage & { body?: unknown }).body);
      } catch (failure) {
        this.fail(req, res, failure);
      }
    });
  }

  private accept(req: IncomingMessage, res: ServerResponse, client: string, body: unknown): void {
    const badShape = jsonShapeException(body);
    if (badShape) throw badShape;
    const parsed = parseEventBatch(body);
    if (!parsed.ok) throw new BadRequestException(parsed.problems);
    // Only session starts need a location; the IP is looked up and dropped right here.
    const needsLocation = parsed.events.some((event) => event.type === 'session_start');
    this.events.publish(parsed.events, {
      userAgent: req.headers['user-agent'] ?? '',
      receivedAtMs: Date.now(),
      location: needsLocation ? this.geo.locate(client) : UNKNOWN_LOCATION,
    });
    sendJson(res, 202, JSON.stringify({ accepted: parsed.events.length }));
  }

  private fail(req: IncomingMessage, res: ServerResponse, failure: unknown): void {
    sendError(req, res, failure, this.logger);
  }
}
