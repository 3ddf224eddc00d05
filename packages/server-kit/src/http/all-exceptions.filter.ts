import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { bodyParserException } from './body-errors';
import { sendErrorAnswer } from './error-answer';

/**
 * Every failure in our one error shape; a 500 is logged with its id and never leaks internals.
 * Nest also hands it what Fastify refuses before a route runs (a body over the limit, a length
 * that does not match), which bodyParserException words as the body parser's refusals were;
 * hence the app's body limit. The app's ErrorBodyShape, if it set one, applies.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly bodyLimit = '100kb') {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const answer = sendErrorAnswer(
      http.getRequest<FastifyRequest>(),
      http.getResponse<FastifyReply>(),
      bodyParserException(exception, this.bodyLimit),
    );
    if (answer.errorId) {
      this.logger.error({ errorId: answer.errorId, err: exception }, 'Unhandled error');
    }
  }
}
