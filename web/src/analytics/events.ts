/**
 * The events the browser sends to the gateway (`POST /api/events`), typed by the one contract
 * both sides use (`@handcheck/contracts/browser-events`, checked by its `parseEventBatch`): one
 * field too many or too long rejects the whole batch, so builders here clip what could overflow.
 */
import {
  type BrowserEvent,
  type BrowserEventFields,
  type BrowserEventOf,
  type BrowserEventType,
  type CheckerEventType,
  MAX_PATH_LENGTH,
} from '@handcheck/contracts/browser-events';

export type { BrowserEvent } from '@handcheck/contracts/browser-events';

/** Every type the gateway accepts; the ones not in TrackedEventType the tracker records itself. */
export type EventType = BrowserEventType;

/** Events the site's features record through `trackEvent`. */
export type TrackedEventType = CheckerEventType | 'checker_completion';

/** The fields of a type's events besides those every event carries (checker step, 404 path…). */
export type EventFields<T extends EventType = EventType> = BrowserEventFields<T>;

/** The fields argument: required when the type has required fields, optional otherwise. */
export type FieldsArgument<T extends EventType> = [keyof EventFields<T>] extends [never]
  ? // A type with no fields of its own takes none (an empty type would take any object).
    [fields?: EventFields<T> & Record<string, never>]
  : Record<string, never> extends EventFields<T>
    ? [fields?: EventFields<T>]
    : [fields: EventFields<T>];

/** The gateway's limit for paths, referrers and requested paths. */
export const MAX_TEXT = MAX_PATH_LENGTH;

const clip = (text: string) => text.slice(0, MAX_TEXT);

/**
 * RFC 4122 v4 id. `randomUUID` exists only in secure contexts, so a plain-http origin (a
 * test machine on the LAN) falls back to building one from getRandomValues.
 */
export function randomId(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** One event as the gateway expects it; an empty referrer is left out. */
export function makeEvent<T extends EventType>(
  type: T,
  path: string,
  session: string,
  fields?: EventFields<T>,
  referrer?: string,
  now = Date.now(),
  id = randomId(),
): BrowserEventOf<T> {
  const extra: Partial<Record<string, unknown>> = fields ?? {};
  const event = {
    type,
    id,
    sessionId: session,
    at: now,
    path: clip(path),
    ...(referrer ? { referrer: clip(referrer) } : {}),
    ...extra,
    ...(typeof extra.requestedPath === 'string'
      ? { requestedPath: clip(extra.requestedPath) }
      : {}),
  };
  // The spread keeps exactly the type's fields; TypeScript cannot follow a generic spread.
  return event as BrowserEvent as BrowserEventOf<T>;
}
