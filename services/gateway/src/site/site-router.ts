import compression from 'compression';
import express, { type Request, type Response, type Router } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { normalisePath } from '@handcheck/site-paths';

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

const HTML_HEADERS = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' };

/** `/conditions/x` → `<dist>/conditions/x/index.html`; refuses anything that climbs out of dist. */
export function htmlFileFor(distDir: string, path: string): string | undefined {
  const relative = path === '/' ? 'index.html' : join(path.slice(1), 'index.html');
  const file = normalize(join(distDir, relative));
  if (!file.startsWith(normalize(distDir))) return undefined;
  return existsSync(file) ? file : undefined;
}

/**
 * Serves the prerendered site: hashed assets cached for a year, HTML revalidated
 * on every visit, legacy and non-canonical paths 301-redirected, and unknown
 * paths answered with a real 404 status and the 404 page.
 */
export function siteRouter(distDir: string): Router {
  const router = express.Router();
  const notFoundFile = join(distDir, '404.html');

  // The API never passes through here: its answers are tiny, and analytics
  // requests (thousands a second) should not pay for site middleware.
  router.use((req, _res, next) => (isApi(req.path) ? next('router') : next()));
  // Hashed assets are cached for a year, so the best ratio is worth its CPU once per visitor.
  router.use(compression({ level: 9 }));

  router.use(
    '/assets',
    express.static(join(distDir, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: true,
    }),
  );

  router.get(/.*/, (req: Request, res: Response, next) => {
    const target = normalisePath(req.path);
    if (target) {
      const query = req.originalUrl.includes('?')
        ? req.originalUrl.slice(req.originalUrl.indexOf('?'))
        : '';
      return res.redirect(301, target + query);
    }
    const page = htmlFileFor(distDir, req.path);
    if (page) return res.set(HTML_HEADERS).sendFile(page);
    return next();
  });

  router.use(
    express.static(distDir, {
      index: false,
      maxAge: '1h',
      setHeaders: (res, file) => {
        if (file.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );

  router.get(/.*/, (_req: Request, res: Response) => {
    if (!existsSync(notFoundFile)) return res.status(404).type('text/plain').send('Page Not Found');
    res.status(404).set(HTML_HEADERS).send(readFileSync(notFoundFile));
  });

  return router;
}
