import { randomBytes } from 'node:crypto';
import { BadRequestException, HttpException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type preParsingHookHandler,
} from 'fastify';
import { type BrowserEvent, parseEventBatch } from '@handcheck/contracts';
import {
  ClientRateLimit,
  type MemoryRateDecision,
  plainRouteErrorHandler,
  sendErrorAnswer,
  withHeaders,
} from '@handcheck/server-kit';
import { GatewayEnv } from '../config/gateway.env';
import { GeoLocator, UNKNOWN_LOCATION } from '../geo/geo-locator.service';
import { EventsService } from './events.service';
import { EVENTS_BODY_LIMIT, EVENTS_ROUTE } from './events-route.schema';

export { EVENTS_BODY_LIMIT, EVENTS_PATH } from './events-route.schema';

/** The contract's check as the route's validator: its problems, each naming the field, as a 400. */
function validateEventBatch(body: unknown): { value: unknown } | { error: Error } {
  const parsed = parseEventBatch(body);
  return parsed.ok ? { value: body } : { error: new BadRequestException(parsed.problems) };
}

/**
 * POST /api/events as a plain Fastify route, without Nest's router: nearly every request the
 * site makes is one of these (docs/performance.md). It has every hook of the instance (security
 * headers, metrics, the 405 check, the declared-length limit) and its body parser (UTF-8 JSON,
 * the shape guard); then, per client and before a byte of the body is read, the rate limit;
 * then the contract's own check as the body's validator (a refusal is answered as by the app's exception
 * filter), so every refusal keeps its status and words.
 */
@Injectable()
export class EventsRoute {
  private readonly logger = new Logger('EventsIntake');
  /** Per client, per pod: one client cannot take the shared buffer from everyone. */
  private readonly limit: ClientRateLimit;

  constructor(
    private readonly events: EventsService,
    private readonly geo: GeoLocator,
    env: GatewayEnv,
  ) {
    this.limit = new ClientRateLimit({
      name: 'events',
      burst: env.EVENTS_BURST,
      perSecond: env.EVENTS_RATE_PER_SECOND,
      secret: randomBytes(32),
    });
  }

  register(instance: FastifyInstance): void {
    instance.route({
      method: EVENTS_ROUTE.method,
      url: EVENTS_ROUTE.url,
      // Also the document's operation; Fastify serialises each answer by its status's schema.
      schema: EVENTS_ROUTE.schema,
      validatorCompiler: () => validateEventBatch,
      preParsing: this.rateLimit,
      // Registered before the app's init, when Nest sets its error handler: see there.
      errorHandler: plainRouteErrorHandler(EVENTS_BODY_LIMIT),
      handler: (request, reply) => {
        this.accept(request, reply);
      },
    });
  }

  /** A client over its rate is refused before its body is read; `request.ip` follows TRUSTED_PROXIES. */
  private readonly rateLimit: preParsingHookHandler = (request, reply, payload, done) => {
    let decision: MemoryRateDecision;
    try {
      decision = this.limit.takeNow(request.ip, request.raw.socket);
    } catch (failure) {
      this.fail(request, reply, failure);
      return;
    }
    if (decision.allowed) {
      done(null, payload);
      return;
    }
    this.events.refused('rate_limited');
    this.fail(
      request,
      reply,
      withHeaders(
        new HttpException(
          'Too many requests from this address; nothing was recorded. Please retry later.',
          HttpStatus.TOO_MANY_REQUESTS,
        ),
        { 'Retry-After': String(decision.retryAfterSeconds) },
      ),
    );
  };

  private accept(request: FastifyRequest, reply: FastifyReply): void {
    try {
      // As validateEventBatch let it through.
      const { events } = request.body as { events: BrowserEvent[] };
      // Only session starts need a location; the IP is looked up and dropped right here.
      const needsLocation = events.some((event) => event.type === 'session_start');
      this.events.publish(events, {
        userAgent: request.headers['user-agent'] ?? '',
        receivedAtMs: Date.now(),
        location: needsLocation ? this.geo.locate(request.ip) : UNKNOWN_LOCATION,
      });
      void reply.code(202).send({ accepted: events.length });
    } catch (failure) {
      this.fail(request, reply, failure);
    }
  }

  private fail(request: FastifyRequest, reply: FastifyReply, failure: unknown): void {
    const answer = sendErrorAnswer(request, reply, failure);
    if (answer.errorId) {
      this.logger.error({ errorId: answer.errorId, err: failure }, 'Unhandled error');
    }
  }
}
