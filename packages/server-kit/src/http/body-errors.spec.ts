import { BadRequestException, HttpException } from '@nestjs/common';
import { errorCodes } from 'fastify';
import { bodyParserException, limitText } from './body-errors';

const answer = (error: unknown) => {
  const mapped = bodyParserException(error, '64kb');
  return mapped instanceof HttpException ? [mapped.getStatus(), mapped.message] : mapped;
};

describe('bodyParserException', () => {
  it('words the parser refusals people meet', () => {
    expect(answer({ type: 'entity.too.large', status: 413 })).toEqual([
      413,
      'The request body is larger than 64 KB.',
    ]);
    expect(answer({ type: 'entity.parse.failed', status: 400 })).toEqual([
      400,
      'The request body is not valid JSON.',
    ]);
    expect(answer({ type: 'charset.unsupported', status: 415 })).toEqual([
      415,
      'The request body must be UTF-8 JSON.',
    ]);
  });

  it("keeps the status of the parser's other client errors", () => {
    expect(
      answer({ type: 'request.aborted', status: 400, expose: true, message: 'request aborted' }),
    ).toEqual([400, 'request aborted']);
  });

  it("words Fastify's own refusals of a body alike, keeping the status of the others", () => {
    expect(answer({ code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 })).toEqual([
      413,
      'The request body is larger than 64 KB.',
    ]);
    expect(answer({ code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 })).toEqual([
      415,
      'The request body must be UTF-8 JSON.',
    ]);
    expect(
      answer({
        code: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
        statusCode: 400,
        message: 'Request body size did not match Content-Length',
      }),
    ).toEqual([400, 'Request body size did not match Content-Length']);
  });

  it('words them alike when Nest hands them on re-made as HttpExceptions, and keeps our own', () => {
    // What Nest's error handler on Fastify gives the filters (RoutesResolver.mapExternalException).
    const remade = (error: Error & { statusCode?: number }) =>
      new HttpException(error.message, error.statusCode ?? 500);
    expect(answer(remade(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE()))).toEqual([
      413,
      'The request body is larger than 64 KB.',
    ]);
    expect(answer(remade(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE()))).toEqual([
      415,
      'The request body must be UTF-8 JSON.',
    ]);
    const ours = new BadRequestException(['events must be an array']);
    expect(bodyParserException(ours, '64kb')).toBe(ours);
    const tooLargeOfOurs = new HttpException('The request body is larger than 64 KB.', 413);
    expect(bodyParserException(tooLargeOfOurs, '64kb')).toBe(tooLargeOfOurs);
  });

  it('passes on anything that is not a client error', () => {
    const failure = new Error('disk on fire');
    expect(bodyParserException(failure, '64kb')).toBe(failure);
    const hidden = { status: 400, expose: false, message: 'internal detail' };
    expect(bodyParserException(hidden, '64kb')).toBe(hidden);
  });

  it('writes limits the way people read them', () => {
    expect(limitText('64kb')).toBe('64 KB');
    expect(limitText('1mb')).toBe('1 MB');
  });
});
