import { ForbiddenException } from '@nestjs/common';
import { type FastifyRequest } from 'fastify';
import { CSRF_HEADER } from './auth.constants';

export const CROSS_SITE_REFUSED = 'This request must come from the HandCheck site itself.';

/**
 * The routes that read or set the refresh cookie answer only the site's own pages. The
 * cookie is SameSite=Strict already; on top, the web sends a custom header, which another
 * site cannot send without a CORS preflight the gateway never grants, and a browser's own
 * `Sec-Fetch-Site`, when present, must say same-origin (or none: typed or bookmarked).
 */
export function assertSameSite(request: FastifyRequest): void {
  const site = request.headers['sec-fetch-site'];
  const fromSite = site === undefined || site === 'same-origin' || site === 'none';
  if (request.headers[CSRF_HEADER] !== '1' || !fromSite) {
    throw new ForbiddenException(CROSS_SITE_REFUSED);
  }
}

/** One cookie from the Cookie header (no parser middleware needed for one value). */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
