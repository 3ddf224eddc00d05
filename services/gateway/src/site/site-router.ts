import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
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
 * Sends a built file as it is, or the best pre-compressed sibling the client
 * accepts, with its Content-Encoding and `Vary: Accept-Encoding`. Nothing is
 * compressed while answering: that was done once, at build time.
 */
function sendBuilt(
  req: Request,
  res: Response,
  next: NextFunction,
  file: string,
  options: SendOptions,
): void {
  const variants = PRECOMPRESSED.filter(({ suffix }) => existsSync(file + suffix));
  let chosen = file;
  if (variants.length > 0) {
    res.vary('Accept-Encoding');
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    const best = variants.find(({ encoding }) => accepted.has(encoding));
    if (best) {
      chosen = file + best.suffix;
      res.setHeader('Content-Encoding', best.encoding);
      if (!options.headers?.['Content-Type']) res.type(extname(file));
    }
  }
  res.sendFile(
    chosen,
    {
      headers: options.headers,
      maxAge: options.maxAge ?? 0,
      immutable: options.immutable ?? false,
      dotfiles: 'allow',
      cacheControl: options.headers?.['Cache-Control'] === undefined,
    },
    (error?: unknown) => {
      if (error && !res.headersSent) {
        res.removeHeader('Content-Encoding');
        next();
      }
    },
  );
}

/**
 * Serves the prerendered site: hashed assets cached for a year, HTML revalidated
 * on every visit, legacy and non-canonical paths 301-redirected (one hop, to a
 * canonical path that is never redirected again), and everything else — unknown
 * paths and folders such as `/assets` alike — answered with a real 404 status
 * and the 404 page. Files are sent as built, pre-compressed at build time.
 */
export function siteRouter(distDir: string): Router {
  const router = express.Router();
  const notFoundFile = join(distDir, '404.html');

  // The API never passes through here: its answers are tiny, and analytics
  // requests (thousands a second) should not pay for site middleware.
  router.use((req, _res, next) => (isApi(req.path) ? next('router') : next()));

  router.get(/.*/, (req: Request, res: Response, next) => {
    // Hashed assets first: their names are mixed case, and they are what is asked for most.
    if (req.path.startsWith('/assets/')) {
      const asset = staticFileFor(distDir, req.path);
      if (asset) return sendBuilt(req, res, next, asset, { maxAge: '365d', immutable: true });
    }
    const target = normalisePath(req.path);
    if (target) {
      const query = req.originalUrl.includes('?')
        ? req.originalUrl.slice(req.originalUrl.indexOf('?'))
        : '';
      return res.redirect(301, target + query);
    }
    const page = htmlFileFor(distDir, req.path);
    if (page) return sendBuilt(req, res, next, page, { headers: HTML_HEADERS });
    const file = staticFileFor(distDir, req.path);
    if (file) {
      return sendBuilt(
        req,
        res,
        next,
        file,
        file.endsWith('.html') ? { headers: HTML_HEADERS } : { maxAge: '1h' },
      );
    }
    return next();
  });

  router.get(/.*/, (_req: Request, res: Response) => {
    if (!existsSync(notFoundFile)) return res.status(404).type('text/plain').send('Page Not Found');
    res.status(404).set(HTML_HEADERS).send(readFileSync(notFoundFile));
  });

  return router;
}
