import { type NestExpressApplication } from '@nestjs/platform-express';
import { resolve } from 'node:path';
import { GatewayEnv } from './config/gateway.env';
import { EventsIntake } from './events/events-intake';
import { serveAhead } from './http/serve-ahead';
import { trustedProxy } from './http/trusted-proxy';
import { mountOpenApi } from './openapi/mount-openapi';
import { gatewaySecurityHeaders } from './site/security-headers';
import { siteRouter } from './site/site-router';
import { SpecialistsHotRoute } from './specialists/specialists-hot-route';

export { EVENTS_BODY_LIMIT } from './events/events-intake';

/** Gateway-only middleware, after the shared HTTP defaults; main.ts and the tests both use it. */
export function configureGateway(app: NestExpressApplication): void {
  const env = app.get(GatewayEnv);
  app.set('trust proxy', trustedProxy(env.TRUSTED_PROXIES));
  app.use(gatewaySecurityHeaders(env));
  app.setGlobalPrefix('api');
  app.use(siteRouter(resolve(env.WEB_DIST_DIR)));
  mountOpenApi(app);
  serveAhead(app.getHttpServer(), app.get(EventsIntake));
  serveAhead(app.getHttpServer(), app.get(SpecialistsHotRoute));
}
