import { randomUUID } from 'node:crypto';
import { Catch, HttpException, Logger, type RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { status } from '@grpc/grpc-js';
import { type Observable, throwError } from 'rxjs';

/** What grpc-js turns into the call's status: `code` and, as the status details, `details`. */
export interface GrpcErrorStatus {
  code: status;
  details: string;
  message: string;
}

/**
 * HTTP status → gRPC code, the inverse of the table in google/rpc/code.proto.
 * Used when a handler shared with HTTP throws a Nest HttpException.
 */
const FROM_HTTP: Readonly<Record<number, status>> = {
  400: status.INVALID_ARGUMENT,
  401: status.UNAUTHENTICATED,
  403: status.PERMISSION_DENIED,
  404: status.NOT_FOUND,
  409: status.ALREADY_EXISTS,
  429: status.RESOURCE_EXHAUSTED,
  499: status.CANCELLED,
  501: status.UNIMPLEMENTED,
  503: status.UNAVAILABLE,
  504: status.DEADLINE_EXCEEDED,
};

export function grpcCodeForHttpStatus(httpStatus: number): status {
  const known = FROM_HTTP[httpStatus];
  if (known !== undefined) return known;
  return httpStatus >= 400 && httpStatus < 500 ? status.FAILED_PRECONDITION : status.INTERNAL;
}

function isErrorCode(code: unknown): code is status {
  // OK (0) is not an error; anything outside 1..16 is not a gRPC code at all
  // (a MongoDB error's code of 11000 must not reach the wire as a status).
  return typeof code === 'number' && Number.isInteger(code) && code >= 1 && code <= 16;
}

const errorStatus = (code: status, details: string): GrpcErrorStatus => ({
  code,
  details,
  message: details,
});

/**
 * The status a gRPC caller sees for an exception thrown by a handler:
 * - `new RpcException({ code: status.NOT_FOUND, message })` → that code and message;
 * - a Nest HttpException → the matching code (404 → NOT_FOUND) and its message;
 * - anything else → INTERNAL with only an error id; `errorId` is set so the
 *   caller of this function logs the full error under that id.
 */
export function toGrpcErrorStatus(exception: unknown): GrpcErrorStatus & { errorId?: string } {
  if (exception instanceof RpcException) {
    const error = exception.getError();
    if (typeof error === 'string') return errorStatus(status.UNKNOWN, error);
    const { code, message, details } = error as {
      code?: unknown;
      message?: unknown;
      details?: unknown;
    };
    const text =
      typeof details === 'string'
        ? details
        : typeof message === 'string'
          ? message
          : exception.message;
    return errorStatus(isErrorCode(code) ? code : status.UNKNOWN, text);
  }
  if (exception instanceof HttpException) {
    const code = grpcCodeForHttpStatus(exception.getStatus());
    if (code !== status.INTERNAL) return errorStatus(code, exception.message);
  }
  const errorId = randomUUID();
  return { ...errorStatus(status.INTERNAL, `Internal error (error id ${errorId})`), errorId };
}

/**
 * The global filter for gRPC handlers (installed by `connectGrpc`). Nest's
 * default would answer UNKNOWN for anything but an RpcException and pass
 * numeric `code`s of foreign errors straight through as the gRPC status.
 */
@Catch()
export class GrpcExceptionFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown): Observable<never> {
    const { errorId, ...answer } = toGrpcErrorStatus(exception);
    if (errorId) {
      this.logger.error({ errorId, err: exception }, 'Unhandled error in a gRPC handler');
    }
    return throwError(() => answer);
  }
}
