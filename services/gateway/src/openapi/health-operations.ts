import { type OperationObject, type SchemaObject } from '@nestjs/swagger';

/*
 * GET /api/health/live and /api/health/ready (server-kit's HealthController, on terminus).
 * Described here whatever the controller's decorators say, so the document shows our
 * answers: terminus' result on 200, and on 503 that result inside our error shape
 * (the exception filter keeps the fields an exception carries).
 */

export const HEALTH_SCHEMAS: Record<string, SchemaObject> = {
  HealthIndicator: {
    type: 'object',
    properties: {
      status: { type: 'string', enum: ['up', 'down'] },
      message: { type: 'string', description: 'Why it is down.' },
    },
    required: ['status'],
    additionalProperties: true,
  },
  HealthCheckResult: {
    type: 'object',
    description: "terminus' health check result, one entry per thing checked.",
    properties: {
      status: { type: 'string', enum: ['ok', 'error', 'shutting_down'] },
      info: {
        type: 'object',
        nullable: true,
        description: 'What is up.',
        additionalProperties: { $ref: '#/components/schemas/HealthIndicator' },
      },
      error: {
        type: 'object',
        nullable: true,
        description: 'What is down.',
        additionalProperties: { $ref: '#/components/schemas/HealthIndicator' },
      },
      details: {
        type: 'object',
        description: 'Everything checked.',
        additionalProperties: { $ref: '#/components/schemas/HealthIndicator' },
      },
    },
    required: ['status', 'details'],
  },
};

function healthOperation(
  name: 'live' | 'ready',
  summary: string,
  description: string,
  up: object,
  down: object,
): OperationObject {
  return {
    operationId: `HealthController_${name}`,
    tags: ['health'],
    summary,
    description,
    responses: {
      '200': {
        description: 'Healthy.',
        headers: {
          'Cache-Control': {
            description: 'Never cached.',
            schema: { type: 'string', example: 'no-cache, no-store, must-revalidate' },
          },
        },
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/HealthCheckResult' },
            example: { status: 'ok', info: up, error: {}, details: up },
          },
        },
      },
      '503': {
        description: 'Not healthy, or shutting down.',
        content: {
          'application/json': {
            schema: {
              allOf: [
                { $ref: '#/components/schemas/ErrorAnswer' },
                { $ref: '#/components/schemas/HealthCheckResult' },
              ],
            },
            example: {
              statusCode: 503,
              timestamp: '2025-01-01T12:00:00.000Z',
              path: `/api/health/${name}`,
              status: 'error',
              info: {},
              error: down,
              details: down,
              message: 'Service Unavailable Exception',
            },
          },
        },
      },
    },
  };
}

const SITE_DOWN = {
  site: { status: 'down', message: 'The built site is missing (no index.html in WEB_DIST_DIR)' },
};

export const HEALTH_PATHS = {
  '/api/health/live': {
    get: healthOperation(
      'live',
      'Liveness: the process answers',
      'Checks nothing outside the process: a failing liveness probe restarts the pod.',
      {},
      {},
    ),
  },
  '/api/health/ready': {
    get: healthOperation(
      'ready',
      'Readiness: the gateway can do its job',
      'The built site is there. Kafka is deliberately not part of it: without Kafka the site keeps serving and only POST /api/events answers 503 once its buffer is full.',
      { site: { status: 'up' } },
      SITE_DOWN,
    ),
  },
};
