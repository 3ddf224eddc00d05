import { HttpException } from '@nestjs/common';
import { bodyParserException } from './body-errors';
import { charsetOf, parseJsonBody } from './utf8-body';

const json = { 'content-type': 'application/json' };

/** What a client is answered for `bytes`: the parsed body, or [status, message]. */
function answer(bytes: Buffer | string, headers: Parameters<typeof parseJsonBody>[1] = json) {
  try {
    return parseJsonBody(Buffer.from(bytes), headers);
  } catch (error) {
    const mapped = bodyParserException(error, '64kb');
    return mapped instanceof HttpException ? [mapped.getStatus(), mapped.message] : mapped;
  }
}

const NOT_UTF8 = [415, 'The request body must be UTF-8 JSON.'];

describe('parseJsonBody', () => {
  it('takes a JSON object or list as sent, an empty body as {}, without a byte order mark', () => {
    expect(answer('{"a": [1, "é"]}')).toEqual({ a: [1, 'é'] });
    expect(answer(' [1]')).toEqual([1]);
    expect(answer('')).toEqual({});
    expect(answer('\uFEFF{"a": 1}')).toEqual({ a: 1 });
    expect(answer('{}', { 'content-type': 'application/json; charset=UTF-8' })).toEqual({});
  });

  it('refuses what is not a JSON object or list, as body-parser’s strict mode did (400)', () => {
    for (const body of ['"Sam"', '42', 'null', '{"a": ', 'nope']) {
      expect(answer(body)).toEqual([400, 'The request body is not valid JSON.']);
    }
  });

  it('refuses compressed bodies, other charsets and bytes that are not UTF-8 (415)', () => {
    expect(answer('{}', { ...json, 'content-encoding': 'gzip' })).toEqual(NOT_UTF8);
    expect(answer('{}', { ...json, 'content-encoding': 'br' })).toEqual(NOT_UTF8);
    expect(answer('{}', { 'content-type': 'application/json; charset=latin1' })).toEqual(NOT_UTF8);
    expect(answer(Buffer.from('{"a": "café"}', 'latin1'))).toEqual(NOT_UTF8);
    expect(answer('{}', { ...json, 'content-encoding': 'identity' })).toEqual({});
  });

  it('refuses keys such as __proto__ and nesting too deep (400)', () => {
    expect(answer('{"__proto__": {"x": 1}}')).toEqual([
      400,
      'The request body may not use the key "__proto__".',
    ]);
    expect((answer(`${'['.repeat(5000)}${']'.repeat(5000)}`) as unknown[])[0]).toBe(400);
  });

  it('reads the charset of a Content-Type', () => {
    expect(charsetOf('application/json; charset="UTF-8"')).toBe('utf-8');
    expect(charsetOf('application/json')).toBeUndefined();
    expect(charsetOf(undefined)).toBeUndefined();
  });
});
