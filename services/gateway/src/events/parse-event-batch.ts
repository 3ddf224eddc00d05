import { type ValidationError, validateSync } from 'class-validator';
import { type BrowserEvent, DTO_BY_TYPE, EVENT_TYPES, type EventType } from './dto/event.dto';

export const MAX_EVENTS_PER_BATCH = 100;
const MAX_EVENT_DATA_JSON = 2048;

export type ParseResult = { ok: true; events: BrowserEvent[] } | { ok: false; problems: string[] };

function messages(errors: ValidationError[]): string[] {
  return errors.flatMap((e) => Object.values(e.constraints ?? {}));
}

/**
 * Validates a batch from the browser. Each event is checked against the DTO of
 * its own type, so a problem names the event and the field, e.g.
 * "events[2].stepNumber must be a whole number from 1 to 6".
 */
export function parseEventBatch(body: unknown): ParseResult {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, problems: ['The body must be a JSON object like {"events": [...]}.'] };
  }
  const raw = (body as { events?: unknown }).events;
  if (!Array.isArray(raw)) return { ok: false, problems: ['events must be a list of events.'] };
  if (raw.length === 0) return { ok: false, problems: ['events must contain at least one event.'] };
  if (raw.length > MAX_EVENTS_PER_BATCH) {
    return {
      ok: false,
      problems: [`events may contain at most ${MAX_EVENTS_PER_BATCH} events per request.`],
    };
  }
  const extraKeys = Object.keys(body).filter((key) => key !== 'events');
  const problems: string[] = extraKeys.map((key) => `property ${key} should not exist`);
  const events: BrowserEvent[] = [];
  raw.forEach((item: unknown, index) => {
    const where = `events[${index}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push(`${where} must be an object.`);
      return;
    }
    const type = (item as { type?: unknown }).type;
    if (typeof type !== 'string' || !(EVENT_TYPES as readonly string[]).includes(type)) {
      problems.push(`${where}.type must be one of: ${EVENT_TYPES.join(', ')}`);
      return;
    }
    // A plain copy onto the DTO's prototype is all class-validator needs; class-transformer
    // would cost a third of the validation time on this hot path.
    const dto: object = Object.assign(new DTO_BY_TYPE[type as EventType](), item);
    const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true });
    problems.push(...messages(errors).map((message) => `${where}.${message}`));
    const data = (dto as { eventData?: unknown }).eventData;
    if (data !== undefined && JSON.stringify(data).length > MAX_EVENT_DATA_JSON) {
      problems.push(`${where}.eventData must be under ${MAX_EVENT_DATA_JSON} characters of JSON.`);
    }
    if (errors.length === 0) events.push(dto as BrowserEvent);
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, events };
}
