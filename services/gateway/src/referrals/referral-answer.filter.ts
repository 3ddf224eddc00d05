import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type ErrorAnswer, type ErrorBodyShape, errorAnswer, pathOf } from '@handcheck/server-kit';

/** The spec's fallback when a failure has no message of its own (section 8). */
export const REFERRAL_DEFAULT_ERROR =
  'There was an error sending your referral request. Please try again or contact support.';

/** POST /api/referrals as the router matches it: any case, an optional trailing slash. */
const REFERRALS_PATH = /^\/api\/referrals\/?$/i;

function errorText(message: unknown): string {
  if (typeof message === 'string' && message !== '') return message;
  if (Array.isArray(message) && message.length > 0) {
    return [...new Set(message.map(String))].join(' ');
  }
  return REFERRAL_DEFAULT_ERROR;
}

/**
 * A failure of /api/referrals in the shape the page reads (spec section 7):
 * `{success: false, error}`, plus our usual `{statusCode, timestamp, path, message}`.
 */
export function referralErrorBody(body: ErrorAnswer['body']): ErrorAnswer['body'] {
  const error = body.errorId ? REFERRAL_DEFAULT_ERROR : errorText(body.message);
  return { ...body, success: false, error };
}

/**
 * For the answers the route's filter does not give (the body parser's refusals of a body that
 * is not a JSON object, too large or wrongly encoded; a wrong method): set as the app's
 * ErrorBodyShape (setErrorBodyShape), so every refusal of a referral carries `success` and
 * `error`.
 */
export const referralErrorShape: ErrorBodyShape = (path, body) =>
  REFERRALS_PATH.test(path) ? referralErrorBody(body) : body;

/** Every failure of the referral route's handler, its pipes and guards, in that shape. */
@Catch()
export class ReferralAnswerFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const answer = errorAnswer(exception, pathOf(http.getRequest<FastifyRequest>().url));
    if (answer.errorId) {
      this.logger.error({ errorId: answer.errorId, err: exception }, 'Unhandled error');
    }
    void http
      .getResponse<FastifyReply>()
      .status(answer.status)
      .headers(answer.headers)
      .type('application/json; charset=utf-8')
      .send(referralErrorBody(answer.body));
  }
}
