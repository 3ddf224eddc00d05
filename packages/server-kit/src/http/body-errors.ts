import { HttpException, HttpStatus } from '@nestjs/common';
import { errorCodes, type preParsingHookHandler } from 'fastify';
import { sendErrorAnswer } from './error-answer';
import { declaredLength, limitBytes } from './json-guard';

/** "64kb" → "64 KB", for messages people read. */
export function limitText(limit: string): string {
  return limit.replace('kb', ' KB').replace('mb', ' MB');
}

function tooLarge(limit: string): HttpException {
  return new HttpException(
    `The request body is larger than ${limitText(limit)}.`,
    HttpStatus.PAYLOAD_TOO_LARGE,
  );
}

/**
 * Fastify's refusals of a body that Nest's error handler hands on re-made: it turns every
 * FastifyError into `new HttpException(message, statusCode)` before any filter sees it
 * (RoutesResolver.mapExternalException in @nestjs/core), which drops the code. Their message
 * and status together are found again here, so a chunked body over the limit (counted by
 * Fastify, not by declaredLengthLimit) is worded as one with a declared length.
 */
const REMADE_FASTIFY_REFUSALS = [
  errorCodes.FST_ERR_CTP_BODY_TOO_LARGE,
  errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE,
].map((FastifyRefusal) => {
  const { code, statusCode, message } = new FastifyRefusal();
  return { code, statusCode, message };
});

/** The code of the Fastify refusal an HttpException was re-made from, if it was one. */
function remadeFastifyCode(exception: HttpException): string | undefined {
  const response = exception.getResponse();
  return REMADE_FASTIFY_REFUSALS.find(
    ({ statusCode, message }) => exception.getStatus() === statusCode && response === message,
  )?.code;
}

/**
 * The body parser's refusals (oversized, malformed, wrongly encoded) as exceptions with words
 * a person understands; anything else is returned as is. The refusals are tagged as
 * body-parser tagged them (`type`, see utf8-body.ts), or are Fastify's own (`code`), which
 * reach Nest's filters re-made as plain HttpExceptions (REMADE_FASTIFY_REFUSALS).
 */
export function bodyParserException(error: unknown, limit: string): unknown {
  if (error instanceof HttpException) {
    const code = remadeFastifyCode(error);
    // Ours already (a route's validation, a hook's refusal), even when Fastify tagged it.
    return code === undefined ? error : bodyParserException({ code }, limit);
  }
  const { type, code } = (error ?? {}) as { type?: unknown; code?: unknown };
  if (type === 'entity.too.large' || code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return tooLarge(limit);
  }
  if (type === 'entity.parse.failed') {
    return new HttpException('The request body is not valid JSON.', HttpStatus.BAD_REQUEST);
  }
  if (
    type === 'encoding.unsupported' ||
    type === 'charset.unsupported' ||
    code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
  ) {
    return new HttpException(
      'The request body must be UTF-8 JSON.',
      HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    );
  }
  // The parser's other refusals (an aborted upload, a length that does not
  // match) are the client's, not failures of ours: keep their 4xx status.
  const { status, statusCode, expose, message } = (error ?? {}) as {
    status?: unknown;
    statusCode?: unknown;
    expose?: unknown;
    message?: unknown;
  };
  if (typeof status === 'number' && status >= 400 && status < 500 && expose === true) {
    return new HttpException(String(message), status);
  }
  // Fastify's own refusals of a request (FST_ERR_CTP_*, FST_ERR_BAD_URL...) carry statusCode.
  if (
    typeof code === 'string' &&
    code.startsWith('FST_ERR_') &&
    typeof statusCode === 'number' &&
    statusCode >= 400 &&
    statusCode < 500
  ) {
    return new HttpException(String(message), statusCode);
  }
  return error;
}

/**
 * A `preParsing` hook: refuses with 413 at once a request whose declared Content-Length is
 * over the limit, before any of its body is read (after every onRequest hook, so the answer
 * has the app's headers). The connection is closed after the answer, so the body never has
 * to be read at all.
 */
export function declaredLengthLimit(limit: string): preParsingHookHandler {
  const max = limitBytes(limit);
  return (request, reply, payload, done) => {
    const length = declaredLength(request.headers['content-length']);
    if (length === undefined || length <= max) {
      done(null, payload);
      return;
    }
    reply.header('Connection', 'close');
    sendErrorAnswer(request, reply, tooLarge(limit));
  };
}
