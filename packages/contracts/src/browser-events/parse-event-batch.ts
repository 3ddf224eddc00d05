import { type BrowserEvent, MAX_EVENTS_PER_BATCH, type ParseEventBatchResult } from './events';
import { compileEventCheck, eventProblemsWith } from './event-rules';
import { EVENT_RULES } from './event-rules.gen';

/**
 * What is wrong with one event, each problem naming the field, e.g.
 * "events[2].stepNumber must be a whole number from 1 to 6."; empty when it is fine.
 * The rules are the class-validator classes' (event-classes.ts), compiled into
 * event-rules.gen.ts.
 */
export function browserEventProblems(event: unknown, where = 'event'): string[] {
  return eventProblemsWith(EVENT_RULES, event, where);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** browserEventProblems(event) is empty. */
// Pure: a bundle that does not use it (the web tracker) leaves it out.
export const isValidBrowserEvent = /* @__PURE__ */ compileEventCheck(EVENT_RULES);

/** A body that parseEventBatch accepts, told without wording a problem. */
function acceptable(body: unknown): body is { events: BrowserEvent[] } {
  if (!isObject(body)) return false;
  for (const key in body) if (key !== 'events') return false;
  const { events } = body;
  return (
    Array.isArray(events) &&
    events.length > 0 &&
    events.length <= MAX_EVENTS_PER_BATCH &&
    events.every(isValidBrowserEvent)
  );
}

/**
 * Checks a `POST /api/events` body: `{ "events": [...] }` with 1 to MAX_EVENTS_PER_BATCH
 * events, each exactly as its type allows. Either every event is accepted or none is; the
 * problems name the event and the field, so the sender can tell what to fix.
 */
export function parseEventBatch(body: unknown): ParseEventBatchResult {
  if (acceptable(body)) return { ok: true, events: body.events };
  if (!isObject(body)) {
    return { ok: false, problems: ['The body must be a JSON object like {"events": [...]}.'] };
  }
  const raw = body.events;
  if (!Array.isArray(raw)) return { ok: false, problems: ['events must be a list of events.'] };
  if (raw.length === 0) return { ok: false, problems: ['events must contain at least one event.'] };
  if (raw.length > MAX_EVENTS_PER_BATCH) {
    return {
      ok: false,
      problems: [`events may contain at most ${MAX_EVENTS_PER_BATCH} events per request.`],
    };
  }
  const problems: string[] = Object.keys(body)
    .filter((key) => key !== 'events')
    .map((key) => `${key} is not allowed: the body holds only events.`);
  raw.forEach((item: unknown, index) => {
    problems.push(...browserEventProblems(item, `events[${index}]`));
  });
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, events: raw as BrowserEvent[] };
}
