import { type INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  type OpenAPIObject,
  type OperationObject,
  type PathItemObject,
  type ReferenceObject,
  type RequestBodyObject,
  type SchemaObject,
  SwaggerModule,
} from '@nestjs/swagger';
import { EVENTS_ROUTE } from '../events/events-route.schema';
import { contractComponentSchemas } from './contract-schemas';
import { ERROR_ANSWER_SCHEMA } from './error-answer.schema';
import { type DocumentedRoute, routeOperations } from './route-operation';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** The docs' own routes as mountOpenApi registers them. */
export const DOCS_ROUTES: readonly DocumentedRoute[] = [
  {
    method: 'GET',
    url: OPENAPI_JSON_PATH,
    schema: {
      operationId: 'OpenApi_document',
      tags: ['docs'],
      summary: 'This document',
      response: {
        200: {
          description: 'The OpenAPI document of the API.',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
      },
    },
  },
  {
    method: 'GET',
    url: DOCS_PATH,
    schema: {
      operationId: 'OpenApi_page',
      tags: ['docs'],
      summary: 'This document, to read and try out (Swagger UI)',
      response: {
        200: {
          description: 'An HTML page.',
          content: { 'text/html': { schema: { type: 'string' } } },
        },
      },
    },
  },
];

const sortedByKey = <T>(record: Record<string, T> | undefined): Record<string, T> =>
  Object.fromEntries(Object.entries(record ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

type Schemas = Record<string, SchemaObject | ReferenceObject>;

/**
 * OpenAPI 3.0.3 (§4.7.25.1): `nullable` does not add null to an `enum`; a nullable field with
 * one must list null itself, or the document refuses the null the API takes.
 */
function nullInNullableEnums<T>(value: T): T {
  if (Array.isArray(value)) return value.map(nullInNullableEnums) as T;
  if (typeof value !== 'object' || value === null) return value;
  const schema = Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, nullInNullableEnums(child)]),
  ) as Record<string, unknown>;
  const values = schema.enum;
  if (schema.nullable === true && Array.isArray(values) && !values.includes(null)) {
    schema.enum = [...values, null];
  }
  return schema as T;
}

/**
 * Every JSON body is validated whitelisted and refused with a field it does not know
 * (server-kit's validationPipe, forbidNonWhitelisted): the schemas of request bodies say so.
 */
function closeRequestBodies(paths: Record<string, PathItemObject>, schemas: Schemas): Schemas {
  const closed = { ...schemas };
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item) as OperationObject[]) {
      const body = operation.requestBody as RequestBodyObject | undefined;
      const ref = (body?.content?.['application/json']?.schema as ReferenceObject | undefined)
        ?.$ref;
      const name = ref?.slice('#/components/schemas/'.length);
      const schema = name === undefined ? undefined : (closed[name] as SchemaObject | undefined);
      if (name && schema && schema.additionalProperties === undefined) {
        closed[name] = { ...schema, additionalProperties: false };
      }
    }
  }
  return closed;
}

/**
 * The gateway's OpenAPI document: every route Nest knows (under the app's global prefix,
 * `api`; the health routes as terminus' decorators describe them), and the plain Fastify
 * routes (POST /api/events, the docs themselves) from the definitions Fastify registers.
 * Paths and schemas are sorted, so the same code always gives the same document.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('HandCheck API')
    .setDescription(
      'The public REST API of the HandCheck gateway. Every error answer has the shape `ErrorAnswer`: `{statusCode, timestamp, path, message}`.',
    )
    .setVersion('1.0.0')
    .addTag('analytics', "Events from the site's visitors, on their way to ClickHouse")
    .addTag('directory', 'The specialist directory shown with the results')
    .addTag('health', 'Probes for Kubernetes and `make status`')
    .addTag('docs', 'This description')
    .addTag('auth', 'Admin sign-in and sessions')
    .addTag('admin', "The signed-in admin's weekly report test run and dashboard charts")
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description:
        'The access token from POST /api/auth/login or /api/auth/refresh (HS256, 15 minutes). Every route not marked otherwise needs it and answers 401 without.',
    })
    .addCookieAuth(
      'hc_admin_refresh',
      {
        type: 'apiKey',
        in: 'cookie',
        name: 'hc_admin_refresh',
        description:
          'The refresh token: httpOnly, SameSite=Strict, path /api/auth, Secure in production. Set by login and refresh.',
      },
      'hc_admin_refresh',
    )
    .build();
  const scanned = SwaggerModule.createDocument(app, config);
  const plain = routeOperations([EVENTS_ROUTE, ...DOCS_ROUTES]);
  const paths = { ...scanned.paths, ...plain.paths };
  const { title: _name, ...errorAnswer } = ERROR_ANSWER_SCHEMA;
  const schemas = closeRequestBodies(paths, {
    ...scanned.components?.schemas,
    ...contractComponentSchemas(),
    ...plain.schemas,
    ErrorAnswer: errorAnswer,
  });
  return {
    ...scanned,
    paths: sortedByKey(paths),
    components: { ...scanned.components, schemas: nullInNullableEnums(sortedByKey(schemas)) },
  };
}

/** As committed in docs/openapi.json: two-space JSON with a final newline. */
export function serializeOpenApiDocument(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
