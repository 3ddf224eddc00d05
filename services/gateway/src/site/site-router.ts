import send from '@fastify/send';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, normalize, sep } from 'node:path';
import {
  type BadUrlAnswer,
  notFoundAnswer,
  pathOf,
  plainRouteErrorHandler,
} from '@handcheck/server-kit';
import { normalisePath } from '@handcheck/site-paths';

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

const HTML_HEADERS = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' };

/** Pre-compressed siblings the web build writes (web/scripts/precompress.mjs), best first. */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/**
 * `path` (as requested, percent-encoded) inside `root`, or undefined when it
 * cannot be decoded or would leave `root`. The comparison is with the folder
 * and a separator, so a sibling folder whose name starts the same
 * (`dist-old` next to `dist`) is outside.
 */
export function fileWithin(root: string, path: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const base = normalize(root);
  const file = normalize(join(base, decoded));
  const prefix = base.endsWith(sep) ? base : base + sep;
  return file.startsWith(prefix) ? file : undefined;
}

/** `/conditions/x` → `<dist>/conditions/x/index.html`; refuses anything that climbs out of dist. */
export function htmlFileFor(distDir: string, path: string): string | undefined {
  const file = fileWithin(distDir, path === '/' ? '/index.html' : `${path}/index.html`);
  return file !== undefined && isFile(file) ? file : undefined;
}

/** A regular file (never a folder) inside dist, none of whose names starts with a dot. */
export function staticFileFor(distDir: string, path: string): string | undefined {
  const file = fileWithin(distDir, path);
  if (file === undefined) return undefined;
  const inside = file.slice(normalize(distDir).length).split(sep);
  if (inside.some((name) => name.startsWith('.'))) return undefined;
  return isFile(file) ? file : undefined;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The encodings an Accept-Encoding header allows (q > 0); `*` allows every one. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (!name || (q !== undefined && Number(q) <= 0)) continue;
    if (name === '*') PRECOMPRESSED.forEach(({ encoding }) => accepted.add(encoding));
    else accepted.add(name);
  }
  return accepted;
}

interface SendOptions {
  headers?: Record<string, string>;
  maxAge?: string;
  immutable?: boolean;
}

/**
 * A file's Content-Type from its name, with charset=utf-8 for text, as Express's `res.type`
 * wrote it (scripts as text/javascript, RFC 9239).
 */
export function contentTypeOf(file: string): string {
  if (/\.m?js$/i.test(file)) return 'text/javascript; charset=utf-8';
  const type = send.mime.getType(file) ?? 'application/octet-stream';
  return send.isUtf8MimeType(type) ? `${type}; charset=utf-8` : type;
}

/**
 * A Location as Express's `res.redirect` writes it (encodeurl): characters a URL may not hold
 * percent-encoded, escapes already there kept.
 */
export function encodeLocation(url: string): string {
  return url
    .replace(/(^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])/g, '$1\uFFFD')
    .replace(
      /(?:[^\x21\x23-\x3B\x3D\x3F-\x5F\x61-\x7A\x7C\x7E]|%(?:[^0-9A-Fa-f]|[0-9A-Fa-f][^0-9A-Fa-f]|$))+/g,
      encodeURI,
    );
}

/**
 * Sends a built file as it is, or the best pre-compressed sibling the client accepts, with its
 * Content-Encoding and `Vary: Accept-Encoding`; ranges, ETag and conditional GET as
 * @fastify/send answers them. Nothing is compressed while answering: that was done once, at
 * build time. False, with nothing sent, when the file cannot be sent after all.
 */
async function sendBuilt(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  options: SendOptions,
): Promise<boolean> {
  const variants = PRECOMPRESSED.filter(({ suffix }) => existsSync(file + suffix));
  let chosen = file;
  let encoding: string | undefined;
  if (variants.length > 0) {
    reply.header('Vary', 'Accept-Encoding');
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    const best = variants.find(({ encoding: name }) => accepted.has(name));
    if (best) {
      chosen = file + best.suffix;
      encoding = best.encoding;
    }
  }
  const result = await send(request.raw, `/${encodeURIComponent(basename(chosen))}`, {
    root: dirname(chosen),
    maxAge: options.maxAge ?? 0,
    immutable: options.immutable ?? false,
    dotfiles: 'allow',
    cacheControl: options.headers?.['Cache-Control'] === undefined,
    contentType: false,
  });
  if (result.type !== 'file') {
    result.stream.destroy();
    return false;
  }
  void reply
    .code(result.statusCode)
    .headers(result.headers)
    .headers({ 'Content-Type': contentTypeOf(file), ...options.headers });
  if (encoding) reply.header('Content-Encoding', encoding);
  void reply.send(result.stream);
  return true;
}

/** The 404 page (or its words, when the build has none), with a real 404 status. */
export function notFoundPage(distDir: string): (reply: FastifyReply) => FastifyReply {
  const notFoundFile = join(distDir, '404.html');
  return (reply) => {
    if (!existsSync(notFoundFile)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Page Not Found');
    }
    return reply.code(404).headers(HTML_HEADERS).send(readFileSync(notFoundFile));
  };
}

/**
 * The answer to a URL the router cannot read (createHttpAdapter's answerBadUrls): the 404 page
 * for a read of a site path, as the site answers an unknown path; otherwise the API's 404.
 */
export function siteBadUrlAnswer(distDir: string): BadUrlAnswer {
  const notFound = notFoundPage(distDir);
  return (request, reply) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (read && !isApi(pathOf(request.url))) notFound(reply);
    else notFoundAnswer(request, reply);
  };
}

/**
 * Serves the prerendered site as one catch-all GET route (HEAD too): hashed assets cached for
 * a year, HTML revalidated on every visit, legacy and non-canonical paths 301-redirected (one
 * hop, to a canonical path that is never redirected again), and everything else — unknown
 * paths and folders such as `/assets` alike — answered with a real 404 status and the 404
 * page. Files are sent as built, pre-compressed at build time. The API's routes are matched
 * before this one; a path under /api none of them has goes on to the 404 handler (Nest's).
 */
export function registerSite(instance: FastifyInstance, distDir: string): void {
  const notFound = notFoundPage(distDir);
  /** The file's answer, or the 404 page when it cannot be sent after all. */
  const sendOr404 = async (
    request: FastifyRequest,
    reply: FastifyReply,
    file: string,
    options: SendOptions,
  ) => ((await sendBuilt(request, reply, file, options)) ? reply : notFound(reply));

  // Registered before the app's init, when Nest sets its error handler: see plainRouteErrorHandler.
  instance.get('/*', { errorHandler: plainRouteErrorHandler() }, async (request, reply) => {
    const path = pathOf(request.url);
    if (isApi(path)) {
      reply.callNotFound();
      return reply;
    }
    // Hashed assets first: their names are mixed case, and they are what is asked for most.
    if (path.startsWith('/assets/')) {
      const asset = staticFileFor(distDir, path);
      if (asset) return sendOr404(request, reply, asset, { maxAge: '365d', immutable: true });
    }
    const target = normalisePath(path);
    if (target) {
      const query = request.url.slice(path.length);
      return reply.redirect(encodeLocation(target + query), 301);
    }
    const page = htmlFileFor(distDir, path);
    if (page) return sendOr404(request, reply, page, { headers: HTML_HEADERS });
    const file = staticFileFor(distDir, path);
    if (file) {
      const options = file.endsWith('.html') ? { headers: HTML_HEADERS } : { maxAge: '1h' };
      return sendOr404(request, reply, file, options);
    }
    return notFound(reply);
  });
}
