import { type OpenAPIObject } from '@nestjs/swagger';
import { NestFactory } from '@nestjs/core';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHttpAdapter } from '@handcheck/server-kit';
import { join } from 'node:path';
import { AppModule } from '../app.module';
import { buildOpenApiDocument } from './openapi-document';

/** The committed document (`npm run openapi:generate` writes it). */
export const OPENAPI_FILE = join(__dirname, '..', '..', '..', '..', 'docs', 'openapi.json');

/**
 * The gateway's document without starting anything: Nest's preview mode builds the module
 * graph (all the scanner reads) but instantiates no provider, so no engine, setting or built
 * site is needed.
 */
export async function previewOpenApiDocument(): Promise<OpenAPIObject> {
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, createHttpAdapter(), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  try {
    // As configureGateway does.
    app.setGlobalPrefix('api');
    return buildOpenApiDocument(app);
  } finally {
    await app.close();
  }
}
