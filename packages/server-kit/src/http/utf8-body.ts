import { isUtf8 } from 'node:buffer';
import { json } from 'express';

/**
 * The refusal of a body whose bytes are not UTF-8, as body-parser words a charset it does not
 * take (type `charset.unsupported`, which bodyParserException answers as a 415).
 */
export function notUtf8(): Error {
  return Object.assign(new Error('The request body is not UTF-8.'), {
    status: 415,
    expose: true,
    type: 'charset.unsupported',
  });
}

/**
 * body-parser's `verify` for JSON that must be UTF-8 as sent. Without it the parser decodes
 * bytes that are not UTF-8 to U+FFFD and accepts them, so a request would be stored as
 * something other than what was sent.
 */
export function refuseNonUtf8(_req: unknown, _res: unknown, body: Buffer): void {
  if (!isUtf8(body)) throw notUtf8();
}

/** Every service's JSON body parser (applyHttpDefaults): at most `limit`, UTF-8 as sent. */
export function jsonBody(limit: string) {
  return json({ limit, verify: refuseNonUtf8 });
}
