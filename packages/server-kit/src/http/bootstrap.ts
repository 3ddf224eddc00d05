import {
  type INestApplication,
  ValidationPipe,
  BadRequestException,
  type ValidationError,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { json } from 'express';
import { Logger } from 'nestjs-pino';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { bodyParserErrors } from './body-errors';
import { httpMetricsMiddleware } from '../metrics/http-metrics';
import { Metrics } from '../metrics/metrics.service';

export interface HttpServiceOptions {
  port: number;
  host: string;
  /** Largest JSON body accepted, e.g. '64kb'. */
  bodyLimit?: string;
  /** Runs before listen: extra middleware, static files, etc. */
  configure?: (app: NestExpressApplication) => void | Promise<void>;
}

function flatten(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((error) => {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {});
    return [...own, ...flatten(error.children ?? [], path)];
  });
}

/** Whitelisting validation for every DTO; messages name the offending field. */
export function validationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => new BadRequestException(flatten(errors)),
  });
}

export function applyHttpDefaults(app: NestExpressApplication, bodyLimit = '100kb'): void {
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  // First, so every answer is timed, refusals by the body parser included.
  app.use(httpMetricsMiddleware(app.get(Metrics)));
  app.use(json({ limit: bodyLimit }));
  app.use(bodyParserErrors(bodyLimit));
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalPipes(validationPipe());
  app.enableShutdownHooks();
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
