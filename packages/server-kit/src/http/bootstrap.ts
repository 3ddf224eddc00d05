import { type INestApplication, ValidationPipe, BadRequestException } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type Server } from 'node:http';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { CONTRACT_VALIDATION, problemsOf } from '@handcheck/contracts';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { bodyParserErrors, declaredLengthLimit, jsonShapeGuard } from './body-errors';
import { CommonEnv } from '../config/common-env';
import { httpMetricsMiddleware } from '../metrics/http-metrics';
import { jsonBody } from './utf8-body';
import { Metrics } from '../metrics/metrics.service';

export interface HttpServiceOptions {
  port: number;
  host: string;
  /** Largest JSON body accepted, e.g. '64kb'. */
  bodyLimit?: string;
  /** Runs before listen: extra middleware, static files, etc. */
  configure?: (app: NestExpressApplication) => void | Promise<void>;
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

export function applyHttpDefaults(app: NestExpressApplication, bodyLimit = '100kb'): void {
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  // First, so every answer is timed, refusals by the body parser included.
  app.use(httpMetricsMiddleware(app.get(Metrics)));
  // A declared length over the limit is refused at once, before any of the body is read.
  app.use(declaredLengthLimit(bodyLimit));
  app.use(jsonBody(bodyLimit));
  app.use(bodyParserErrors(bodyLimit));
  app.use(jsonShapeGuard());
  applyServerTimeouts(app);
  app.useGlobalFilters(new AllExceptionsFilter());
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
 * Node's defaults let a client take 60 s to send its headers and 5 minutes for
 * its whole request; these come from the settings instead. Node checks them
 * every 30 s, so a connection ends at most that much after its time is up.
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
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(module, {
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
