import { type SchemaObject } from '@nestjs/swagger';

/**
 * Our one error shape (server-kit's errorAnswer), as JSON Schema: the document's `ErrorAnswer`,
 * and the serialiser's for a plain Fastify route's error answers. Fields an exception carries
 * (terminus' health report on a 503) are kept, hence the open object.
 */
export const ERROR_ANSWER_SCHEMA: SchemaObject & { title: string } = {
  title: 'ErrorAnswer',
  type: 'object',
  description: 'Every error answer of the API.',
  properties: {
    statusCode: { type: 'integer', example: 400 },
    timestamp: { type: 'string', format: 'date-time' },
    path: { type: 'string', example: '/api/events' },
    message: {
      description: 'What went wrong, in words: one message, or one per problem.',
      oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    },
    error: {
      type: 'string',
      description: "The status's name (e.g. `Bad Request`), where the exception gives one.",
    },
    errorId: {
      type: 'string',
      format: 'uuid',
      description: 'Only on a 500: the id our logs hold the failure under.',
    },
  },
  required: ['statusCode', 'timestamp', 'path', 'message'],
  additionalProperties: true,
};
