import {
  type OperationObject,
  type PathItemObject,
  type ReferenceObject,
  type ResponseObject,
  type SchemaObject,
} from '@nestjs/swagger';

/*
 * The OpenAPI operations of the plain Fastify routes (Nest's scanner sees only controllers),
 * generated from the very route definitions Fastify registers: the route schema's keys as
 * @fastify/swagger reads them (operationId, summary, description, tags, body, and per status a
 * response schema with its description, its headers, or its `content` by media type). A
 * sub-schema with a `title` becomes a named component and is referred to by $ref.
 */

type Json = Record<string, unknown>;

export interface RouteResponse extends Json {
  description: string;
  headers?: Record<string, { description: string; schema: Json }>;
  /** A body other than JSON: its schema per media type. */
  content?: Record<string, { schema: Json }>;
}

export interface DocumentedRoute {
  method: 'GET' | 'POST';
  url: string;
  schema: {
    operationId: string;
    summary: string;
    description?: string;
    tags: string[];
    body?: Json;
    response: Record<number, RouteResponse>;
  };
}

const COMPONENT = '#/components/schemas/';

/** Replaces each titled sub-schema by a $ref to a component of that name, collected in `into`. */
function hoisted(schema: unknown, into: Record<string, SchemaObject>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => hoisted(item, into));
  if (typeof schema !== 'object' || schema === null) return schema;
  const { title, ...rest } = schema as Json;
  const inner = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, hoisted(value, into)]),
  );
  if (typeof title !== 'string') return inner;
  into[title] = inner as SchemaObject;
  return { $ref: `${COMPONENT}${title}` } satisfies ReferenceObject;
}

function response(answer: RouteResponse, schemas: Record<string, SchemaObject>): ResponseObject {
  const { description, headers, content, ...schema } = answer;
  const bodies = content ?? (Object.keys(schema).length ? { 'application/json': { schema } } : {});
  return {
    description,
    ...(headers ? { headers } : {}),
    ...(Object.keys(bodies).length
      ? {
          content: Object.fromEntries(
            Object.entries(bodies).map(([type, body]) => [
              type,
              { schema: hoisted(body.schema, schemas) as SchemaObject },
            ]),
          ),
        }
      : {}),
  };
}

/** The routes' path items, and the components their schemas name. */
export function routeOperations(routes: readonly DocumentedRoute[]): {
  paths: Record<string, PathItemObject>;
  schemas: Record<string, SchemaObject>;
} {
  const schemas: Record<string, SchemaObject> = {};
  const paths: Record<string, PathItemObject> = {};
  for (const { method, url, schema } of routes) {
    const { operationId, summary, description, tags, body } = schema;
    const operation: OperationObject = {
      operationId,
      tags,
      summary,
      ...(description ? { description } : {}),
      ...(body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: hoisted(body, schemas) as SchemaObject } },
            },
          }
        : {}),
      responses: Object.fromEntries(
        Object.entries(schema.response).map(([status, answer]) => [
          status,
          response(answer, schemas),
        ]),
      ),
    };
    paths[url] = { ...paths[url], [method.toLowerCase()]: operation };
  }
  return { paths, schemas };
}
