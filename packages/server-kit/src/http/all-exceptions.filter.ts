import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type Request, type Response } from 'express';

/**
 * One error shape for every API answer: {statusCode, timestamp, path, message}.
 * A 500 gets an id that is logged with the full error and never leaks internals.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    const base = { timestamp: new Date().toISOString(), path: request.path };

    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      const detail =
        typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      const message = typeof body === 'string' ? body : (detail.message ?? exception.message);
      const headers = (exception as HttpException & { headers?: Record<string, string> }).headers;
      if (headers) response.set(headers);
      // Extra fields an exception carries (e.g. terminus' per-engine health report) are kept.
      response.status(status).json({ statusCode: status, ...base, ...detail, message });
      return;
    }

    const errorId = randomUUID();
    this.logger.error({ errorId, err: exception }, 'Unhandled error');
    response.status(HttpStatus.INTERNAL_SERVER_ERROR).json({
      statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
      ...base,
      message: 'Something went wrong on our side. Please try again later.',
      errorId,
    });
  }
}
