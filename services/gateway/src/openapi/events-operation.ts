import {
  type OperationObject,
  type ReferenceObject,
  type ResponseObject,
  type SchemaObject,
} from '@nestjs/swagger';
import {
  BROWSER_EVENT_TYPES,
  type BrowserEventType,
  MAX_EVENTS_PER_BATCH,
  eventJsonSchema,
} from '@handcheck/contracts';
import { limitText } from '@handcheck/server-kit';
import { EVENTS_BODY_LIMIT } from '../events/events-route';
import { RETRY_AFTER_SECONDS } from '../events/events.service';

/*
 * POST /api/events is a plain Fastify route (see EventsRoute), which Nest's scanner cannot
 * see, so it is described here, from the contract's own constants. The
 * openapi-document spec checks these schemas against the contract's validator.
 */

const ref = (name: string): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });

// The fields, their bounds, nulls and required ones are the event contract's own
// (eventJsonSchema, from the class-validator classes' compiled rules); only the words are here.
const FIELD_DESCRIPTIONS: Record<string, string> = {
  id: 'A UUID (any version, either case); the pipeline deduplicates on it.',
  sessionId: "The tab's session: 8 to 64 letters, digits or dashes.",
  at: "When it happened: milliseconds since the epoch by the browser's clock (the gateway keeps it within a week before and a minute after its own).",
  path: "The page's path: starts with / and has no spaces.",
  referrer: '`document.referrer`; left out or null when none.',
  requestedPath: 'The address asked for.',
  durationSeconds: 'Seconds since the session started.',
  stepNumber: 'The questionnaire step.',
  anySign:
    'Whether any emergency sign was chosen (true shows the emergency card); which signs is never sent.',
  topCondition:
    "The best match: one of the spec's 18 condition names (empty on a checker_completion when none matched).",
  diagnosisConfidence: "The best match's percentage.",
  eventData: 'The one detail stored: how many conditions the results listed.',
  conditionConfidence: "The best match's percentage.",
  totalSymptomsReported: 'How many symptoms were reported.',
  painIntensity: 'Pain on a scale from 0 to 10; null when not answered.',
  symptomDuration:
    "The questionnaire's answer for how long the symptoms have lasted; empty when not answered.",
  functionalImpact:
    'Comma-separated difficulties (grip, pinch, writing, keyboard); null when none.',
};

const EVENT_DESCRIPTIONS: Record<BrowserEventType, string> = {
  session_start:
    "The first event of a tab's session. The gateway adds the country and city from the client's IP address, which it does not keep.",
  page_view: 'A page shown (a route change counts).',
  site_visit: 'A page load.',
  broken_link: 'A visit to an address the site has no page for.',
  session_duration: 'Seconds since the session started; sent when the page is hidden.',
  checker_completion: 'A finished questionnaire (one symptom_checker_completions row).',
  symptom_checker_started: 'The questionnaire was started.',
  emergency_check_completed:
    "The questionnaire's emergency check was answered, before step 1: a sign chosen or 'None of these'.",
  symptom_checker_step_completed: 'A questionnaire step was completed.',
  symptom_checker_completed: 'The last step was completed.',
  diagnosis_received: 'Results with a top condition were shown.',
  referral_requested: 'A specialist referral was asked for.',
};

/** `page_view` → `PageViewEvent`. */
export function eventSchemaName(type: BrowserEventType): string {
  const words = type.split('_').map((word) => word[0].toUpperCase() + word.slice(1));
  return `${words.join('')}Event`;
}

function eventSchema(type: BrowserEventType): SchemaObject {
  const { properties, required } = eventJsonSchema(type);
  return {
    type: 'object',
    description: EVENT_DESCRIPTIONS[type],
    properties: Object.fromEntries(
      Object.entries(properties).map(([field, schema]) => [
        field,
        {
          ...schema,
          ...(FIELD_DESCRIPTIONS[field] ? { description: FIELD_DESCRIPTIONS[field] } : {}),
        } as SchemaObject,
      ]),
    ),
    required,
    // Any other field makes the whole batch fail.
    additionalProperties: false,
  };
}

/** The schemas POST /api/events needs, for `components.schemas`. */
export function eventsSchemas(): Record<string, SchemaObject> {
  const events = Object.fromEntries(
    BROWSER_EVENT_TYPES.map((type) => [eventSchemaName(type), eventSchema(type)]),
  );
  return {
    ...events,
    BrowserEvent: {
      description: 'One analytics event from the browser, told apart by `type`.',
      oneOf: BROWSER_EVENT_TYPES.map((type) => ref(eventSchemaName(type))),
      discriminator: {
        propertyName: 'type',
        mapping: Object.fromEntries(
          BROWSER_EVENT_TYPES.map((type) => [type, ref(eventSchemaName(type)).$ref]),
        ),
      },
    },
    EventBatch: {
      type: 'object',
      description: 'The body of POST /api/events.',
      properties: {
        events: {
          type: 'array',
          minItems: 1,
          maxItems: MAX_EVENTS_PER_BATCH,
          items: ref('BrowserEvent'),
        },
      },
      required: ['events'],
      additionalProperties: false,
    },
    EventsAccepted: {
      type: 'object',
      properties: {
        accepted: { type: 'integer', minimum: 1, description: 'How many events were taken.' },
      },
      required: ['accepted'],
    },
  };
}

/** Our one error shape (`errorAnswer` in server-kit), for every error answer of the API. */
export const ERROR_ANSWER_SCHEMA: SchemaObject = {
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
};

export const errorResponse = (description: string, example?: object): ResponseObject => ({
  description,
  content: {
    'application/json': {
      schema: ref('ErrorAnswer'),
      ...(example ? { example } : {}),
    },
  },
});

const errorExample = (statusCode: number, message: string | string[]) => ({
  statusCode,
  timestamp: '2025-01-01T12:00:00.000Z',
  path: '/api/events',
  message,
});

export const EVENTS_OPERATION: OperationObject = {
  operationId: 'EventsIntake_handle',
  tags: ['analytics'],
  summary: 'Record a batch of analytics events from the browser',
  description: [
    `One to ${MAX_EVENTS_PER_BATCH} events, at most ${limitText(EVENTS_BODY_LIMIT)} of JSON. The batch is`,
    "taken whole or refused whole. The answer comes once the events are in the gateway's",
    'bounded buffer for Kafka, before Kafka has acknowledged them. The client IP address',
    'is used for the country and city of a session_start and not kept.',
  ].join(' '),
  requestBody: {
    required: true,
    content: { 'application/json': { schema: ref('EventBatch') } },
  },
  responses: {
    '202': {
      description: 'Every event was accepted.',
      content: {
        'application/json': { schema: ref('EventsAccepted'), example: { accepted: 3 } },
      },
    },
    '400': errorResponse(
      'The body is not JSON, or not a valid batch; `message` lists each problem, naming the event and the field.',
      {
        ...errorExample(400, ['events[1].stepNumber must be a whole number from 1 to 6.']),
        error: 'Bad Request',
      },
    ),
    '413': errorResponse(
      `The body is larger than ${limitText(EVENTS_BODY_LIMIT)}.`,
      errorExample(413, `The request body is larger than ${limitText(EVENTS_BODY_LIMIT)}.`),
    ),
    '415': errorResponse(
      'The body is compressed (any Content-Encoding: it is never inflated), declared in a character set other than UTF-8, or not valid UTF-8.',
      errorExample(415, 'The request body must be UTF-8 JSON.'),
    ),
    '429': {
      ...errorResponse(
        'This client address sent more than its share (EVENTS_BURST at once, then EVENTS_RATE_PER_SECOND, per address); nothing was recorded. Retry after the given seconds.',
        errorExample(
          429,
          'Too many requests from this address; nothing was recorded. Please retry later.',
        ),
      ),
      headers: {
        'Retry-After': {
          description: 'Seconds until this client may send again.',
          schema: { type: 'integer', example: 1 },
        },
      },
    },
    '503': {
      ...errorResponse(
        'Kafka has been away long enough for the buffer to fill; nothing was recorded. Retry after the given seconds.',
        errorExample(
          503,
          'Analytics is briefly unavailable; nothing was recorded. Please retry shortly.',
        ),
      ),
      headers: {
        'Retry-After': {
          description: 'Seconds to wait before retrying.',
          schema: { type: 'integer', example: RETRY_AFTER_SECONDS },
        },
      },
    },
    '500': errorResponse('A failure of ours; `errorId` names it in our logs.'),
  },
};
