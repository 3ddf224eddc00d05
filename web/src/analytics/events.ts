/**
 * The events the browser sends to the gateway (`POST /api/events`), shaped exactly as its
 * validator (services/gateway/src/events/dto/event.dto.ts) accepts them: one field too many or
 * too long rejects the whole batch, so builders here clip what could overflow.
 */

/** Events the site's features record through `trackEvent`. */
export type TrackedEventType =
  | 'symptom_checker_started'
  | 'symptom_checker_step_completed'
  | 'symptom_checker_completed'
  | 'diagnosis_received'
  | 'referral_requested'
  | 'checker_completion';

/** Every type the gateway accepts; the others are recorded by the tracker itself. */
export type EventType =
  | TrackedEventType
  | 'session_start'
  | 'page_view'
  | 'site_visit'
  | 'broken_link'
  | 'session_duration';

/** Per-type fields of the gateway's events (checker steps, completion row, 404s, duration). */
export interface EventFields {
  stepNumber?: number;
  topCondition?: string;
  diagnosisConfidence?: number;
  conditionConfidence?: number;
  totalSymptomsReported?: number;
  painIntensity?: number | null;
  symptomDuration?: string;
  functionalImpact?: string | null;
  requestedPath?: string;
  durationSeconds?: number;
  eventData?: Record<string, unknown>;
}

export interface AnalyticsEvent extends EventFields {
  type: EventType;
  /** UUID; the pipeline deduplicates on it. */
  id: string;
  sessionId: string;
  /** Milliseconds since the epoch. */
  at: number;
  path: string;
  referrer?: string;
}

/** The gateway's limit for paths, referrers and requested paths. */
export const MAX_TEXT = 2048;

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
export function makeEvent(
  type: EventType,
  path: string,
  session: string,
  fields: EventFields = {},
  referrer?: string,
  now = Date.now(),
  id = randomId(),
): AnalyticsEvent {
  return {
    type,
    id,
    sessionId: session,
    at: now,
    path: clip(path),
    ...(referrer ? { referrer: clip(referrer) } : {}),
    ...fields,
    ...(fields.requestedPath === undefined ? {} : { requestedPath: clip(fields.requestedPath) }),
  };
}
