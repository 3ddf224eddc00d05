import { Injectable, Logger } from '@nestjs/common';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { sendErrorAnswer } from '@handcheck/server-kit';
import { type SpecialistListDto } from './dto/specialist.dto';
import { SpecialistsService } from './specialists.service';

export const SPECIALISTS_PATH = '/api/specialists';

/**
 * GET /api/specialists as a plain Fastify handler: every results page asks for it, and Nest's
 * router and per-request log cost more than the answer itself (docs/performance.md). The route
 * is SpecialistsController's, which describes it for OpenAPI; when Nest registers it (app
 * init), the onRoute hook installed here gives Fastify this handler in place of Nest's, so the
 * route has one definition and every hook of the instance (security headers, metrics, the 405
 * check). The answer is the controller's: Cache-Control, the error shape; the body is
 * serialised once per list the cache holds, not once per request.
 */
@Injectable()
export class SpecialistsRoute {
  private readonly logger = new Logger('Specialists');
  private serialised?: { list: SpecialistListDto; body: string };

  constructor(private readonly specialists: SpecialistsService) {}

  /** Call before the app's init, which registers the controllers' routes. */
  register(instance: FastifyInstance): void {
    instance.addHook('onRoute', (route) => {
      const methods = [route.method].flat().map((method) => String(method).toUpperCase());
      if (route.url !== SPECIALISTS_PATH || !methods.every((m) => m === 'GET' || m === 'HEAD')) {
        return;
      }
      route.handler = (request, reply) => {
        this.answer(request, reply);
      };
    });
  }

  private answer(request: FastifyRequest, reply: FastifyReply): void {
    this.specialists.list().then(
      (list) => {
        if (this.serialised?.list !== list) {
          this.serialised = { list, body: JSON.stringify(list) };
        }
        void reply
          .header('Cache-Control', `public, max-age=${this.specialists.freshSeconds}`)
          .type('application/json; charset=utf-8')
          .send(this.serialised.body);
      },
      (failure: unknown) => {
        const answer = sendErrorAnswer(request, reply, failure);
        if (answer.errorId) {
          this.logger.error({ errorId: answer.errorId, err: failure }, 'Unhandled error');
        }
      },
    );
  }
}
