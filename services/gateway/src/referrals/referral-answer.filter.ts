import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { errorAnswer } from '@handcheck/server-kit';

/** The spec's fallback when a failure has no message of its own (section 8). */
export const REFERRAL_DEFAULT_ERROR =
  'There was an error sending your referral request. Please try again or contact support.';

function errorText(message: unknown): string {
  if (typeof message === 'string' && message !== '') return message;
  if (Array.isArray(message) && message.length > 0) {
    return [...new Set(message.map(String))].join(' ');
  }
  return REFERRAL_DEFAULT_ERROR;
}

/**
 * Every failure of POST /api/referrals in the shape the page reads (spec section 7):
 * `{success: false, error}`, plus our usual `{statusCode, timestamp, path, message}`.
 */
@Catch()
export class ReferralAnswerFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const answer = errorAnswer(exception, http.getRequest<Request>().path);
    if (answer.errorId) {
      this.logger.error({ errorId: answer.errorId, err: exception }, 'Unhandled error');
    }
    const error = answer.errorId ? REFERRAL_DEFAULT_ERROR : errorText(answer.body.message);
    http
      .getResponse<Response>()
      .status(answer.status)
      .set(answer.headers)
      .json({ ...answer.body, success: false, error });
  }
}
