import fastifyCookie from '@fastify/cookie';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { resolve } from 'node:path';
import { answerBadUrls, setErrorBodyShape, trustProxies } from '@handcheck/server-kit';
import { GatewayEnv } from './config/gateway.env';
import { EventsRoute } from './events/events-route';
import { methodNotAllowed } from './http/method-not-allowed';
import { trustedProxy } from './http/trusted-proxy';
import { mountOpenApi } from './openapi/mount-openapi';
import { buildOpenApiDocument } from './openapi/openapi-document';
import { referralErrorShape } from './referrals/referral-answer.filter';
import { gatewaySecurityHeaders, sendSecurityHeaders } from './site/security-headers';
import { registerSite, siteBadUrlAnswer } from './site/site-router';
import { SpecialistsRoute } from './specialists/specialists-route';

export { EVENTS_BODY_LIMIT } from './events/events-route';

/**
 * The gateway's own hooks and routes, after the shared HTTP defaults (applyHttpDefaults);
 * main.ts and the tests both use it. One Fastify instance answers the site, the API, the
 * intake and the directory route, every answer through the same hooks: the security headers
 * and the request log (onRequest); the declared-length limit, then the 405 check (preParsing);
 * the body parser.
 */
export async function configureGateway(app: NestFastifyApplication): Promise<void> {
  const env = app.get(GatewayEnv);
  const instance = app.getHttpAdapter().getInstance();
  trustProxies(instance, trustedProxy(env.TRUSTED_PROXIES));
  const headers = gatewaySecurityHeaders(env);
  sendSecurityHeaders(instance, headers);
  app.setGlobalPrefix('api');
  // Every refusal of a referral, the body parser's and the 405's too, carries the spec's
  // `success` and `error`.
  setErrorBodyShape(instance, referralErrorShape);
  // Sets the sign-in cookies; parses none (the routes read the one they need: same-site.ts).
  await app.register(fastifyCookie, { hook: false });
  const distDir = resolve(env.WEB_DIST_DIR);
  registerSite(instance, distDir);
  const document = buildOpenApiDocument(app);
  mountOpenApi(app, document);
  // A method the document does not list for a path is a 405, on every route.
  instance.addHook('preParsing', methodNotAllowed(document));
  app.get(EventsRoute).register(instance);
  app.get(SpecialistsRoute).register(instance);
  // A URL the router cannot read is answered before any hook: the headers are set here.
  const badUrl = siteBadUrlAnswer(distDir);
  answerBadUrls(instance, (request, reply) => {
    reply.headers(headers.current());
    badUrl(request, reply);
  });
}
