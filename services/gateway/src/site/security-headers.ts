import { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { type GatewayEnv } from '../config/gateway.env';
import { siteScriptSources } from './site-script-sources';

/**
 * The site asks for no device or sensor, so none may be asked for: an injected
 * script could not, say, turn on the camera or read the location of a visitor
 * describing their symptoms. Only features every current Chromium knows, since
 * an unknown one is a console warning on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'payment',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

const NO_SOURCES: readonly string[] = [];

/** The headers every answer carries, as they are now. */
export interface SecurityHeaders {
  current(): Readonly<Record<string, string>>;
}

/**
 * What helmet's middleware sets on a response, recorded once. Its headers depend on nothing
 * of the request, and running its dozen middlewares for every answer cost the intake more
 * than its own work (docs/performance.md).
 */
function recordHeaders(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = { 'Permissions-Policy': PERMISSIONS_POLICY };
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  let done = false;
  // helmet reads nothing of the request and only these two methods of the response.
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/**
 * Strict headers for every answer. Scripts only from our origin, plus the
 * inline bootstrap of the prerendered pages by its hash (`scriptSources`, from
 * the built site's csp.json: see site-script-sources.ts); the prerendered
 * JSON-LD blocks are data, not script, so CSP does not apply to them. Emotion
 * writes style tags at run time, hence 'unsafe-inline' for styles only. The set is
 * worked out again only when the script sources change.
 */
export function securityHeaders(
  production: boolean,
  scriptSources: () => readonly string[] = () => NO_SOURCES,
): SecurityHeaders {
  let sources: readonly string[] = [];
  const helmetHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // One value, so that without sources there is no trailing space.
        scriptSrc: [() => ["'self'", ...sources].join(' ')],
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
    // Kept although Lighthouse pays for it. A page with this header never shares a browsing
    // context group with a page of another origin, so a navigation to it from about:blank
    // (where Lighthouse starts each run) gets a fresh renderer process, whose first script
    // context took 9-65 ms on the test machine against 10-29 ms without the header (40
    // Lighthouse runs); that one task is where bench:web's occasional 99 comes from. The header
    // is what lets Chrome on Android, which gives only some sites a process of their own, give
    // one to these pages, which show a visitor's symptoms (Spectre), and it cuts cross-origin
    // openers' handles to our windows.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  let seen: readonly string[] | undefined;
  let headers: Record<string, string> = {};
  return {
    current() {
      // siteScriptSources answers the same list until the file changes.
      const now = scriptSources();
      if (now !== seen) {
        sources = now;
        headers = recordHeaders(helmetHeaders);
        seen = now;
      }
      return headers;
    },
  };
}

/** The gateway's headers: the built site's sources included. */
export function gatewaySecurityHeaders(env: GatewayEnv): SecurityHeaders {
  return securityHeaders(
    env.NODE_ENV === 'production',
    siteScriptSources(resolve(env.WEB_DIST_DIR)),
  );
}

/**
 * The headers on every answer of the instance, as its first onRequest hook: the site, the API,
 * the routes served by Fastify straight (events, specialists), the 404s and the refusals of
 * hooks and of the body parser all carry the one policy.
 */
export function sendSecurityHeaders(instance: FastifyInstance, headers: SecurityHeaders): void {
  instance.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers.current());
    done();
  });
}
