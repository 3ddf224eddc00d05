import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { errorAnswer } from './error-answer';

/** Every failure in our one error shape; a 500 is logged with its id and never leaks internals. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const answer = errorAnswer(exception, http.getRequest<Request>().path);
    if (answer.errorId) {
      this.logger.error({ errorId: answer.errorId, err: exception }, 'Unhandled error');
    }
    http.getResponse<Response>().status(answer.status).set(answer.headers).json(answer.body);
  }
}
