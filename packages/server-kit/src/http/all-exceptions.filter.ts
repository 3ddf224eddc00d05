import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import { type IncomingMessage, ServerResponse } from 'node:http';
import { bodyParserException } from './body-errors';
import { type ErrorAnswer, errorAnswer, pathOf, sendErrorAnswer } from './error-answer';

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
    const failure = bodyParserException(exception, this.bodyLimit);
    const response = http.getResponse<FastifyReply | ServerResponse>();
    const answer =
      response instanceof ServerResponse
        ? answerNode(http.getRequest<IncomingMessage>(), response, failure)
        : sendErrorAnswer(http.getRequest<FastifyRequest>(), response, failure);
    if (answer.errorId) {
      this.logger.error({ errorId: answer.errorId, err: exception }, 'Unhandled error');
    }
  }
}

/** A failure of Nest middleware, which Fastify runs on Node's own request and response. */
function answerNode(req: IncomingMessage, res: ServerResponse, failure: unknown): ErrorAnswer {
  const answer = errorAnswer(failure, pathOf(req.url ?? ''));
  if (!res.headersSent) {
    res.writeHead(answer.status, {
      ...answer.headers,
      'Content-Type': 'application/json; charset=utf-8',
    });
  }
  res.end(JSON.stringify(answer.body));
  return answer;
}

/**
 * The error handler of a route registered on the Fastify instance straight, not through Nest
 * (its `errorHandler` option): it answers as AllExceptionsFilter does. Fastify gives a route
 * the error handler its instance has when the route is loaded (lib/route.js), and Nest sets its
 * own (the one that hands errors to the filters) only during the app's init, so a route
 * registered before then, as the gateway's are, would have its body parser's and validator's
 * refusals answered by Fastify's default handler, in Fastify's shape.
 */
export function plainRouteErrorHandler(
  bodyLimit = '100kb',
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  const logger = new Logger('Errors');
  return (error, request, reply) => {
    const answer = sendErrorAnswer(request, reply, bodyParserException(error, bodyLimit));
    if (answer.errorId) logger.error({ errorId: answer.errorId, err: error }, 'Unhandled error');
  };
}
