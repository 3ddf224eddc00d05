import {
  BROWSER_EVENT_TYPES,
  type BrowserEventType,
  MAX_EVENTS_PER_BATCH,
  eventJsonSchema,
} from '@handcheck/contracts';
import { limitText } from '@handcheck/server-kit';
import { ERROR_ANSWER_SCHEMA } from '../openapi/error-answer.schema';
import { type DocumentedRoute, type RouteResponse } from '../openapi/route-operation';
import { RETRY_AFTER_SECONDS } from './events.service';

/*
 * POST /api/events as Fastify registers it: the route schema is the contract's (eventJsonSchema,
 * compiled from the class-validator classes) with words added, and the OpenAPI document's
 * operation is generated from it (openapi/route-operation.ts). Titled sub-schemas are the
 * document's named components.
 */

export const EVENTS_PATH = '/api/events';
/** The gateway's body limit (every route's): a batch is far smaller. */
export const EVENTS_BODY_LIMIT = '64kb';

// Only the words are here: the fields, their bounds, nulls and required ones are the contract's.
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

/** `page_view` → `PageViewEvent`: the event's schema in the document. */
export function eventSchemaName(type: BrowserEventType): string {
  const words = type.split('_').map((word) => word[0].toUpperCase() + word.slice(1));
  return `${words.join('')}Event`;
}

function eventSchema(type: BrowserEventType) {
  const { properties, required } = eventJsonSchema(type);
  return {
    title: eventSchemaName(type),
    type: 'object',
    description: EVENT_DESCRIPTIONS[type],
    properties: Object.fromEntries(
      Object.entries(properties).map(([field, schema]) => [
        field,
        FIELD_DESCRIPTIONS[field] ? { ...schema, description: FIELD_DESCRIPTIONS[field] } : schema,
      ]),
    ),
    required,
    // Any other field makes the whole batch fail.
    additionalProperties: false,
  };
}

/** The body's schema. The contract's own check validates it (see EventsRoute), not Ajv. */
export const EVENT_BATCH_SCHEMA = {
  title: 'EventBatch',
  type: 'object',
  description: 'The body of POST /api/events.',
  properties: {
    events: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_EVENTS_PER_BATCH,
      items: {
        title: 'BrowserEvent',
        description: 'One analytics event from the browser, told apart by `type`.',
        oneOf: BROWSER_EVENT_TYPES.map(eventSchema),
        discriminator: {
          propertyName: 'type',
          mapping: Object.fromEntries(
            BROWSER_EVENT_TYPES.map((type) => [
              type,
              `#/components/schemas/${eventSchemaName(type)}`,
            ]),
          ),
        },
      },
    },
  },
  required: ['events'],
  additionalProperties: false,
};

const error = (description: string, retryAfter?: string): RouteResponse => ({
  ...ERROR_ANSWER_SCHEMA,
  description,
  ...(retryAfter
    ? { headers: { 'Retry-After': { description: retryAfter, schema: { type: 'integer' } } } }
    : {}),
});

export const EVENTS_ROUTE: DocumentedRoute = {
  method: 'POST',
  url: EVENTS_PATH,
  schema: {
    operationId: 'EventsIntake_handle',
    tags: ['analytics'],
    summary: 'Record a batch of analytics events from the browser',
    description: [
      `One to ${MAX_EVENTS_PER_BATCH} events, at most ${limitText(EVENTS_BODY_LIMIT)} of JSON. The batch is`,
      "taken whole or refused whole. The answer comes once the events are in the gateway's",
      'bounded buffer for Kafka, before Kafka has acknowledged them. The client IP address',
      'is used for the country and city of a session_start and not kept.',
    ].join(' '),
    body: EVENT_BATCH_SCHEMA,
    response: {
      202: {
        description: 'Every event was accepted.',
        title: 'EventsAccepted',
        type: 'object',
        properties: {
          accepted: { type: 'integer', minimum: 1, description: 'How many events were taken.' },
        },
        required: ['accepted'],
        additionalProperties: false,
      },
      400: error(
        'The body is not JSON, or not a valid batch; `message` lists each problem, naming the event and the field.',
      ),
      413: error(`The body is larger than ${limitText(EVENTS_BODY_LIMIT)}.`),
      415: error(
        'The body is compressed (any Content-Encoding: it is never inflated), declared in a character set other than UTF-8, or not valid UTF-8.',
      ),
      429: error(
        'This client address sent more than its share (EVENTS_BURST at once, then EVENTS_RATE_PER_SECOND, per address); nothing was recorded. Retry after the given seconds.',
        'Seconds until this client may send again.',
      ),
      503: error(
        `Kafka has been away long enough for the buffer to fill; nothing was recorded. Retry after the given seconds (${RETRY_AFTER_SECONDS}).`,
        'Seconds to wait before retrying.',
      ),
      500: error('A failure of ours; `errorId` names it in our logs.'),
    },
  },
};
