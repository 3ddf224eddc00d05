import helmet from 'helmet';
import { resolve } from 'node:path';
import { type GatewayEnv } from '../config/gateway.env';
import { siteScriptSources } from './site-script-sources';

/**
 * Strict headers for every answer. Scripts only from our origin, plus the
 * inline bootstrap of the prerendered pages by its hash (`scriptSources`, from
 * the built site's csp.json: see site-script-sources.ts); the prerendered
 * JSON-LD blocks are data, not script, so CSP does not apply to them. Emotion
 * writes style tags at run time, hence 'unsafe-inline' for styles only.
 */
export function securityHeaders(
  production: boolean,
  scriptSources: () => readonly string[] = () => [],
) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // One value, so that without sources there is no trailing space.
        scriptSrc: [() => ["'self'", ...scriptSources()].join(' ')],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        manifestSrc: ["'self'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: { maxAge: 63072000, includeSubDomains: true, preload: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
}

/** The gateway's headers, the same on the events intake as on Express: the built site's sources included. */
export function gatewaySecurityHeaders(env: GatewayEnv) {
  return securityHeaders(
    env.NODE_ENV === 'production',
    siteScriptSources(resolve(env.WEB_DIST_DIR)),
  );
}
