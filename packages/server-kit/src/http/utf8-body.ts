import { isUtf8 } from 'node:buffer';
import { type FastifyInstance } from 'fastify';
import { bodyParserException } from './body-errors';
import { jsonShapeException, limitBytes } from './json-guard';

/** A refusal tagged the way body-parser tagged its own (bodyParserException words it). */
function refusal(message: string, status: number, type: string): Error {
  return Object.assign(new Error(message), { status, expose: true, type });
}

/** The refusal of a body whose bytes are not UTF-8 (type `charset.unsupported`: a 415). */
export function notUtf8(): Error {
  return refusal('The request body is not UTF-8.', 415, 'charset.unsupported');
}

/** `charset=…` of a Content-Type header, lower-cased; undefined when there is none. */
export function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase();
}

/** The first character that is not JSON whitespace, as body-parser's strict mode reads it. */
function firstChar(text: string): string | undefined {
  return /^[ \t\n\r]*(.)/s.exec(text)?.[1];
}

/**
 * A JSON body as every service takes it, or the refusal to throw (bodyParserException words it):
 * - a Content-Encoding other than identity is a 415: a compressed body is not inflated (a
 *   broken one would answer with zlib's words; inflated, it could far exceed the limit);
 * - a charset other than utf-8, or bytes that are not UTF-8, are a 415: decoded, they would
 *   be stored as something other than what was sent;
 * - only an object or a list is JSON here (body-parser's strict mode); an empty body is `{}`,
 *   a leading byte order mark is dropped;
 * - nesting too deep or keys such as `__proto__` are a 400 (json-guard.ts).
 */
export function parseJsonBody(
  body: Buffer,
  headers: { 'content-type'?: string; 'content-encoding'?: string },
): unknown {
  const encoding = headers['content-encoding']?.trim().toLowerCase();
  if (encoding !== undefined && encoding !== '' && encoding !== 'identity') {
    throw refusal(`Unsupported content encoding "${encoding}".`, 415, 'encoding.unsupported');
  }
  const charset = charsetOf(headers['content-type']);
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw refusal(`Unsupported charset "${charset.toUpperCase()}".`, 415, 'charset.unsupported');
  }
  if (!isUtf8(body)) throw notUtf8();
  if (body.length === 0) return {};
  // Without its byte order mark, as body-parser's decoder (iconv-lite) gave it.
  const text = body.toString('utf8').replace(/^\uFEFF/, '');
  const first = firstChar(text);
  if (first !== '{' && first !== '[') {
    throw refusal('The request body is not a JSON object or list.', 400, 'entity.parse.failed');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw refusal(String((error as Error).message), 400, 'entity.parse.failed');
  }
  const badShape = jsonShapeException(value);
  if (badShape) throw badShape;
  return value;
}

/**
 * Every service's body parsers (applyHttpDefaults), in place of Fastify's: JSON as
 * parseJsonBody takes it, at most `limit`; a body of any other type is read (within the limit)
 * and left undefined, as Express left it, so the route's validation says what is missing.
 */
export function registerBodyParsers(instance: FastifyInstance, limit: string): void {
  const bodyLimit = limitBytes(limit);
  instance.removeAllContentTypeParsers();
  instance.addContentTypeParser<Buffer>(
    'application/json',
    { parseAs: 'buffer', bodyLimit },
    (request, body, done) => {
      const { 'content-type': contentType, 'content-encoding': contentEncoding } = request.headers;
      try {
        done(
          null,
          parseJsonBody(body, { 'content-type': contentType, 'content-encoding': contentEncoding }),
        );
      } catch (error) {
        done(bodyParserException(error, limit) as Error);
      }
    },
  );
  instance.addContentTypeParser<Buffer>(
    '*',
    { parseAs: 'buffer', bodyLimit },
    (_request, _body, done) => done(null, undefined),
  );
}
