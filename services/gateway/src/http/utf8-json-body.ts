import { type IncomingMessage, type ServerResponse } from 'node:http';
import { json } from 'body-parser';
import { notUtf8, refuseNonUtf8 } from '@handcheck/server-kit';

type Middleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/** `charset=…` of a Content-Type header, lower-cased; undefined when there is none. */
export function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase();
}

/**
 * A JSON body parser that takes UTF-8 JSON as it is sent and nothing else, each refusal a
 * 415 with type `encoding.unsupported` or `charset.unsupported` (which server-kit's
 * bodyParserException words for people):
 * - a Content-Encoding other than identity: gzip, deflate or br are not inflated (a broken
 *   `br` body would otherwise answer with zlib's own message, and an inflated body can be
 *   far larger than the limit checked on the wire);
 * - a charset other than utf-8 (body-parser would also take UTF-16 and UTF-32);
 * - bytes that are not UTF-8 (server-kit's refuseNonUtf8, as on every other route).
 */
export function utf8JsonBody(limit: string): Middleware {
  const parse = json({
    limit,
    inflate: false,
    verify: refuseNonUtf8,
  }) as Middleware;
  return (req, res, next) => {
    const charset = charsetOf(req.headers['content-type']);
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      next(notUtf8());
      return;
    }
    parse(req, res, next);
  };
}
