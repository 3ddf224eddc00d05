import {
  BadRequestException,
  type INestApplication,
  NotFoundException,
  ValidationPipe,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createServer, maxHeaderSize, type RequestListener, type Server } from 'node:http';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { Logger } from 'nestjs-pino';
import { CONTRACT_VALIDATION, problemsOf } from '@handcheck/contracts';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { bodyParserException, declaredLengthLimit } from './body-errors';
import { sendErrorAnswer } from './error-answer';
import { CommonEnv } from '../config/common-env';
import { timeHttpAnswers } from '../metrics/http-metrics';
import { registerBodyParsers } from './utf8-body';
import { RequestLog, logRequests } from '../logging/request-log-hook';
import { Metrics } from '../metrics/metrics.service';

export interface HttpServiceOptions {
  port: number;
  host: string;
  /** Largest JSON body accepted, e.g. '64kb'. */
  bodyLimit?: string;
  /** Runs before listen: extra hooks, routes, plugins, etc. */
  configure?: (app: NestFastifyApplication) => void | Promise<void>;
}

/**
 * Whitelisting validation for every DTO; messages name the offending field. The options and
 * the messages are the contracts' own (`checkContract`), so a body the gateway accepts is a
 * message its consumer accepts.
 */
export function validationPipe(): ValidationPipe {
  return new ValidationPipe({
    ...CONTRACT_VALIDATION,
    transform: true,
    exceptionFactory: (errors) => new BadRequestException(problemsOf(errors)),
  });
}

/**
 * How often Node looks for connections past their request or headers timeout. Node's default
 * (30 s) let a client sending a byte a second hold a connection up to 30 s past its limit; with
 * this the cut follows the limit within about a second.
 */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;

type TrustRule = (address: string, hop: number) => boolean;

/** What answers a request whose URL the router cannot read (a malformed %-escape, say). */
export type BadUrlAnswer = (request: FastifyRequest, reply: FastifyReply) => void;

/** Nest's answer to a path no route has, in our error shape: Express answered bad URLs so. */
export const notFoundAnswer: BadUrlAnswer = (request, reply) => {
  sendErrorAnswer(request, reply, new NotFoundException(`Cannot ${request.method} ${request.url}`));
};

/** An adapter's settings that the app decides after it is built (trustProxies, answerBadUrls). */
interface LateSettings {
  trust: TrustRule;
  badUrl: BadUrlAnswer;
}

const LATE_SETTINGS = new WeakMap<object, LateSettings>();

function lateSettingsOf(instance: FastifyInstance): LateSettings {
  const settings = LATE_SETTINGS.get(instance);
  if (!settings) throw new Error('The app was not built on createHttpAdapter()');
  return settings;
}

/**
 * How every service's router matches paths: as Express did, in any case, a final slash or not,
 * and a path parameter of any length. Fastify's default (100 characters) answers a longer one
 * with 414 from its router, before any hook (so without the app's headers) and for a route
 * the API document does not give a 414; Node's limit on the request head bounds it instead.
 */
export const HTTP_ROUTER_OPTIONS = {
  caseSensitive: false,
  ignoreTrailingSlash: true,
  maxParamLength: maxHeaderSize,
} as const;

/**
 * The Fastify adapter every service runs on. Routes match as Express matched them (any case,
 * an optional trailing slash); the HTTP server checks its timeouts every second; no proxy is
 * trusted until the app says which (trustProxies), so `request.ip` is the peer's address; a
 * URL the router cannot read is a 404 in our error shape (answerBadUrls), not Fastify's 400.
 */
export function createHttpAdapter(): FastifyAdapter {
  const settings: LateSettings = { trust: () => false, badUrl: notFoundAnswer };
  const adapter = new FastifyAdapter({
    routerOptions: HTTP_ROUTER_OPTIONS,
    trustProxy: (address: string, hop: number) => settings.trust(address, hop),
    serverFactory: (handler: RequestListener) =>
      createServer({ connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS }, handler),
    // Fastify's own refusals before any route or hook (FST_ERR_BAD_URL, FST_ERR_ASYNC_CONSTRAINT).
    frameworkErrors: (error: FastifyError, request: unknown, reply: unknown) => {
      const req = request as FastifyRequest;
      const res = reply as FastifyReply;
      if (error.code === 'FST_ERR_BAD_URL') settings.badUrl(req, res);
      else sendErrorAnswer(req, res, bodyParserException(error, '100kb'));
    },
  });
  LATE_SETTINGS.set(adapter.getInstance(), settings);
  return adapter;
}

/** Whose X-Forwarded-For `request.ip` believes (see the gateway's trusted-proxy.ts). */
export function trustProxies(instance: FastifyInstance, rule: TrustRule): void {
  lateSettingsOf(instance).trust = rule;
}

/**
 * How the app answers a URL its router cannot read. Fastify answers those before any hook
 * runs, so the answer must set whatever headers the app's hooks would have set.
 */
export function answerBadUrls(instance: FastifyInstance, answer: BadUrlAnswer): void {
  lateSettingsOf(instance).badUrl = answer;
}

/**
 * Every service's HTTP defaults, as Fastify hooks and parsers on the one instance, so a route
 * registered on it straight (not through Nest) gets them too: the request log, the duration
 * histogram, the body limit (a declared length over it refused before the body is read), UTF-8
 * JSON bodies only, the one error shape, the server's timeouts.
 */
export function applyHttpDefaults(app: NestFastifyApplication, bodyLimit = '100kb'): void {
  app.useLogger(app.get(Logger));
  const instance = app.getHttpAdapter().getInstance();
  logRequests(instance, app.get(RequestLog));
  // Every answer is timed, refusals by hooks and the body parser included.
  timeHttpAnswers(instance, app.get(Metrics));
  // After every onRequest hook (the app's headers), before a byte of the body is read.
  instance.addHook('preParsing', declaredLengthLimit(bodyLimit));
  registerBodyParsers(instance, bodyLimit);
  applyServerTimeouts(app);
  app.useGlobalFilters(new AllExceptionsFilter(bodyLimit));
  app.useGlobalPipes(validationPipe());
  app.enableShutdownHooks();
}

/** The HTTP server's timeouts: how long a slow client may hold a connection. */
export interface ServerTimeouts {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
}

/** Timeouts from the service's settings (CommonEnv); CommonEnv's defaults when it has none. */
export function serverTimeoutsOf(app: INestApplication): ServerTimeouts {
  let env: CommonEnv;
  try {
    env = app.get(CommonEnv, { strict: false });
  } catch {
    env = new CommonEnv();
  }
  return {
    requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
    headersTimeoutMs: Math.min(env.HTTP_HEADERS_TIMEOUT_MS, env.HTTP_REQUEST_TIMEOUT_MS),
    keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
  };
}

/**
 * Node's defaults let a client take 60 s to send its headers and 5 minutes for its whole
 * request; these come from the settings instead. Node checks them every
 * CONNECTIONS_CHECKING_INTERVAL_MS (createHttpAdapter's server), so a connection ends about
 * that long after its time is up at most.
 */
export function applyServerTimeouts(app: INestApplication): void {
  const server = app.getHttpServer() as Server;
  const timeouts = serverTimeoutsOf(app);
  server.requestTimeout = timeouts.requestTimeoutMs;
  server.headersTimeout = timeouts.headersTimeoutMs;
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
}

export async function createHttpService(
  module: Parameters<typeof NestFactory.create>[0],
  options: Omit<HttpServiceOptions, 'port' | 'host'> = {},
): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(module, createHttpAdapter(), {
    bufferLogs: true,
    bodyParser: false,
  });
  applyHttpDefaults(app, options.bodyLimit);
  await options.configure?.(app);
  return app;
}

export async function listen(app: INestApplication, port: number, host: string): Promise<void> {
  await app.listen(port, host);
}

/**
 * A service's whole main.ts: build, configure, listen on the validated PORT and
 * HOST; on a bad setting print which one and exit non-zero.
 */
export function runService(
  module: Parameters<typeof NestFactory.create>[0],
  envSchema: new () => { PORT: number; HOST: string },
  options: Omit<HttpServiceOptions, 'port' | 'host'> = {},
): void {
  createHttpService(module, options)
    .then(async (app) => {
      const env = app.get(envSchema);
      await app.listen(env.PORT, env.HOST);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
