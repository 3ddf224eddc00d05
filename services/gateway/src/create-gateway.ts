import { type NestExpressApplication } from '@nestjs/platform-express';
import { resolve } from 'node:path';
import { ERROR_BODY_SHAPE } from '@handcheck/server-kit';
import { GatewayEnv } from './config/gateway.env';
import { EventsIntake } from './events/events-intake';
import { methodNotAllowed } from './http/method-not-allowed';
import { serveBeforeExpress } from './http/node-http-route';
import { trustedProxy } from './http/trusted-proxy';
import { mountOpenApi } from './openapi/mount-openapi';
import { buildOpenApiDocument } from './openapi/openapi-document';
import { referralErrorShape } from './referrals/referral-answer.filter';
import { gatewaySecurityHeaders } from './site/security-headers';
import { siteRouter } from './site/site-router';
import { SpecialistsNodeRoute } from './specialists/specialists-node-route';

export { EVENTS_BODY_LIMIT } from './events/events-intake';

/** Gateway-only middleware, after the shared HTTP defaults; main.ts and the tests both use it. */
export function configureGateway(app: NestExpressApplication): void {
  const env = app.get(GatewayEnv);
  app.set('trust proxy', trustedProxy(env.TRUSTED_PROXIES));
  app.use(gatewaySecurityHeaders(env));
  app.setGlobalPrefix('api');
  // The body parser's refusals of a referral, too, carry the spec's `success` and `error`.
  app.set(ERROR_BODY_SHAPE, referralErrorShape);
  app.use(siteRouter(resolve(env.WEB_DIST_DIR)));
  const document = buildOpenApiDocument(app);
  mountOpenApi(app, document);
  // Ahead of Nest's routes: a method the document does not list for a path is a 405.
  app.use(methodNotAllowed(document));
  serveBeforeExpress(app.getHttpServer(), app.get(EventsIntake));
  serveBeforeExpress(app.getHttpServer(), app.get(SpecialistsNodeRoute));
}
