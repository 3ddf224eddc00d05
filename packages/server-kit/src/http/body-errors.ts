import { HttpException, HttpStatus } from '@nestjs/common';
import { type NextFunction, type Request, type Response } from 'express';
import { sendErrorAnswer } from './error-answer';
import { declaredLength, jsonShapeException, limitBytes } from './json-guard';

/** "64kb" → "64 KB", for messages people read. */
export function limitText(limit: string): string {
  return limit.replace('kb', ' KB').replace('mb', ' MB');
}

/**
 * The body parser's refusals (oversized, malformed, wrongly encoded) as
 * exceptions with words a person understands; anything else is returned as is.
 */
export function bodyParserException(error: unknown, limit: string): unknown {
  const type = (error as { type?: string } | null)?.type;
  if (type === 'entity.too.large') {
    return new HttpException(
      `The request body is larger than ${limitText(limit)}.`,
      HttpStatus.PAYLOAD_TOO_LARGE,
    );
  }
  if (type === 'entity.parse.failed') {
    return new HttpException('The request body is not valid JSON.', HttpStatus.BAD_REQUEST);
  }
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return new HttpException(
      'The request body must be UTF-8 JSON.',
      HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    );
  }
  // The parser's other refusals (an aborted upload, a length that does not
  // match) are the client's, not failures of ours: keep their 4xx status.
  const { status, expose, message } = (error ?? {}) as {
    status?: unknown;
    expose?: unknown;
    message?: unknown;
  };
  if (typeof status === 'number' && status >= 400 && status < 500 && expose === true) {
    return new HttpException(String(message), status);
  }
  return error;
}

/** express.json() refuses bad bodies before Nest sees them; answer those in our error shape. */
export function bodyParserErrors(limit: string) {
  return (error: unknown, req: Request, res: Response, next: NextFunction): void => {
    const mapped = bodyParserException(error, limit);
    if (mapped === error) {
      next(error);
      return;
    }
    sendErrorAnswer(req, res, mapped);
  };
}

/**
 * Refuses with 413 at once a request whose declared Content-Length is over the
 * limit, before any of its body is read (the body parser would first read and
 * discard all of it). The connection is closed after the answer, so the body
 * never has to be read at all.
 */
export function declaredLengthLimit(limit: string) {
  const max = limitBytes(limit);
  return (req: Request, res: Response, next: NextFunction): void => {
    const length = declaredLength(req.headers['content-length']);
    if (length === undefined || length <= max) {
      next();
      return;
    }
    res.set('Connection', 'close');
    sendErrorAnswer(
      req,
      res,
      new HttpException(
        `The request body is larger than ${limitText(limit)}.`,
        HttpStatus.PAYLOAD_TOO_LARGE,
      ),
    );
  };
}

/** After the JSON parser: bodies nested too deep or using keys like `__proto__` are a 400, never a 500. */
export function jsonShapeGuard() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const refusal = jsonShapeException((req as Request & { body?: unknown }).body);
    if (!refusal) {
      next();
      return;
    }
    sendErrorAnswer(req, res, refusal);
  };
}
