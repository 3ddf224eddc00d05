import {
  type OperationObject,
  type ReferenceObject,
  type ResponseObject,
  type SchemaObject,
} from '@nestjs/swagger';
import {
  BROWSER_EVENT_TYPES,
  type BrowserEventType,
  MAX_CONDITION_LENGTH,
  MAX_EVENTS_PER_BATCH,
  MAX_EVENT_DATA_JSON_LENGTH,
  MAX_FUNCTIONAL_IMPACT_LENGTH,
  MAX_PAIN_INTENSITY,
  MAX_PATH_LENGTH,
  MAX_PERCENT,
  MAX_SESSION_DURATION_SECONDS,
  MAX_STEP_NUMBER,
  MAX_SYMPTOM_DURATION_LENGTH,
  PATH_PATTERN,
  SESSION_ID_PATTERN,
} from '@handcheck/contracts';
import { limitText } from '@handcheck/server-kit';
import { EVENTS_BODY_LIMIT } from '../events/events-intake';
import { RETRY_AFTER_SECONDS } from '../events/events.service';

/*
 * POST /api/events is answered ahead of Express (see EventsIntake), where Nest's scanner
 * cannot see it, so it is described here, from the contract's own constants. The
 * openapi-document spec checks these schemas against the contract's validator.
 */

const ref = (name: string): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });

const text = (maxLength: number, description: string, extra: SchemaObject = {}): SchemaObject => ({
  type: 'string',
  maxLength,
  description,
  ...extra,
});

const whole = (minimum: number, maximum: number, description: string): SchemaObject => ({
  type: 'integer',
  minimum,
  maximum,
  description,
});

const nullable = (schema: SchemaObject): SchemaObject => ({ ...schema, nullable: true });

const BASE_PROPERTIES: Record<string, SchemaObject> = {
  id: {
    type: 'string',
    format: 'uuid',
    description: 'A UUID (any version, either case); the pipeline deduplicates on it.',
  },
  sessionId: {
    type: 'string',
    pattern: SESSION_ID_PATTERN.source,
    description: "The tab's session: 8 to 64 letters, digits or dashes.",
  },
  at: {
    type: 'integer',
    minimum: 0,
    description:
      "When it happened: milliseconds since the epoch by the browser's clock (the gateway keeps it within a week before and a minute after its own).",
  },
  path: text(MAX_PATH_LENGTH, "The page's path: starts with / and has no spaces.", {
    pattern: PATH_PATTERN.source,
  }),
  referrer: nullable(text(MAX_PATH_LENGTH, '`document.referrer`; left out or null when none.')),
};
const BASE_REQUIRED = ['type', 'id', 'sessionId', 'at', 'path'];

const CHECKER_PROPERTIES: Record<string, SchemaObject> = {
  stepNumber: whole(1, MAX_STEP_NUMBER, 'The questionnaire step.'),
  topCondition: text(MAX_CONDITION_LENGTH, 'The best-matching condition.'),
  diagnosisConfidence: whole(0, MAX_PERCENT, "The best match's percentage."),
  eventData: nullable({
    type: 'object',
    additionalProperties: true,
    description: `Free-form details: at most ${MAX_EVENT_DATA_JSON_LENGTH} characters written as JSON.`,
  }),
};

interface EventShape {
  description: string;
  properties?: Record<string, SchemaObject>;
  required?: string[];
}

const SHAPES: Record<BrowserEventType, EventShape> = {
  session_start: {
    description:
      "The first event of a tab's session. The gateway adds the country and city from the client's IP address, which it does not keep.",
  },
  page_view: { description: 'A page shown (a route change counts).' },
  site_visit: { description: 'A page load.' },
  broken_link: {
    description: 'A visit to an address the site has no page for.',
    properties: { requestedPath: text(MAX_PATH_LENGTH, 'The address asked for.') },
    required: ['requestedPath'],
  },
  session_duration: {
    description: 'Seconds since the session started; sent when the page is hidden.',
    properties: {
      durationSeconds: whole(0, MAX_SESSION_DURATION_SECONDS, 'Seconds since the session started.'),
    },
    required: ['durationSeconds'],
  },
  checker_completion: {
    description: 'A finished questionnaire (one symptom_checker_completions row).',
    properties: {
      topCondition: text(MAX_CONDITION_LENGTH, "The best match's name; empty when none matched."),
      conditionConfidence: whole(0, MAX_PERCENT, "The best match's percentage."),
      totalSymptomsReported: whole(0, MAX_PERCENT, 'How many symptoms were reported.'),
      painIntensity: nullable(
        whole(0, MAX_PAIN_INTENSITY, 'Pain on a scale from 0 to 10; null when not answered.'),
      ),
      symptomDuration: text(MAX_SYMPTOM_DURATION_LENGTH, 'How long the symptoms have lasted.'),
      functionalImpact: nullable(
        text(
          MAX_FUNCTIONAL_IMPACT_LENGTH,
          'Comma-separated difficulties (grip, pinch, writing, keyboard); null when none.',
        ),
      ),
    },
    required: ['topCondition', 'conditionConfidence', 'totalSymptomsReported', 'symptomDuration'],
  },
  symptom_checker_started: {
    description: 'The questionnaire was started.',
    properties: CHECKER_PROPERTIES,
  },
  symptom_checker_step_completed: {
    description: 'A questionnaire step was completed.',
    properties: CHECKER_PROPERTIES,
    required: ['stepNumber'],
  },
  symptom_checker_completed: {
    description: 'The last step was completed.',
    properties: CHECKER_PROPERTIES,
  },
  diagnosis_received: {
    description: 'Results with a top condition were shown.',
    properties: CHECKER_PROPERTIES,
    required: ['topCondition', 'diagnosisConfidence'],
  },
  referral_requested: {
    description: 'A specialist referral was asked for.',
    properties: CHECKER_PROPERTIES,
  },
};

/** `page_view` → `PageViewEvent`. */
export function eventSchemaName(type: BrowserEventType): string {
  const words = type.split('_').map((word) => word[0].toUpperCase() + word.slice(1));
  return `${words.join('')}Event`;
}

function eventSchema(type: BrowserEventType): SchemaObject {
  const shape = SHAPES[type];
  return {
    type: 'object',
    description: shape.description,
    properties: {
      type: { type: 'string', enum: [type] },
      ...BASE_PROPERTIES,
      ...shape.properties,
    },
    required: [...BASE_REQUIRED, ...(shape.required ?? [])],
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
      'The body is compressed or in a character set other than UTF-8.',
      errorExample(415, 'The request body must be UTF-8 JSON.'),
    ),
    '429': {
      ...errorResponse(
        'This client address sent more than its share (a token bucket per address: EVENTS_RATE_PER_SECOND, EVENTS_BURST); nothing was recorded. Retry after the given seconds.',
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
