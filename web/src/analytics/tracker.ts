/**
 * Minimal analytics client: events are queued and sent in batches to the gateway
 * (`POST /api/events`, body `{events: [...]}`, validated there field by field), with
 * sendBeacon when the page is hidden so the last events of a visit are not lost.
 * Failures are only logged (spec §8).
 */

/** Fields of the gateway's checker events and questionnaire completion rows. */
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
  eventData?: Record<string, unknown>;
}

export interface AnalyticsEvent extends EventFields {
  type: string;
  /** UUID; the pipeline deduplicates on it. */
  id: string;
  sessionId: string;
  /** Milliseconds since the epoch. */
  at: number;
  path: string;
  referrer?: string;
}

export const EVENTS_ENDPOINT = '/api/events';
const SESSION_KEY = 'handcheck.session';
const FLUSH_DELAY_MS = 2000;
const MAX_BATCH = 20;

let queue: AnalyticsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;
let cachedSessionId: string | undefined;

const inBrowser = () => typeof window !== 'undefined' && typeof document !== 'undefined';

/** RFC 4122 v4 id from getRandomValues, which (unlike randomUUID) also exists on plain-http origins. */
export function randomId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** One id per browser tab session (spec §6), kept in sessionStorage. */
export function sessionId(): string {
  if (cachedSessionId) return cachedSessionId;
  let id: string | null = null;
  try {
    id = window.sessionStorage.getItem(SESSION_KEY);
    if (!id) {
      id = randomId();
      window.sessionStorage.setItem(SESSION_KEY, id);
    }
  } catch {
    id = id ?? randomId();
  }
  cachedSessionId = id;
  return id;
}

/** One event as the gateway expects it; empty referrers are left out. */
export function makeEvent(
  type: string,
  path: string,
  session: string,
  fields: EventFields = {},
  referrer?: string,
  now = Date.now(),
): AnalyticsEvent {
  return {
    type,
    id: randomId(),
    sessionId: session,
    at: now,
    path,
    ...(referrer ? { referrer } : {}),
    ...fields,
  };
}

function send(events: AnalyticsEvent[], useBeacon: boolean): void {
  const body = JSON.stringify({ events });
  try {
    if (useBeacon && typeof navigator.sendBeacon === 'function') {
      const queued = navigator.sendBeacon(
        EVENTS_ENDPOINT,
        new Blob([body], { type: 'application/json' }),
      );
      if (queued) return;
    }
    void fetch(EVENTS_ENDPOINT, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      keepalive: true,
      credentials: 'same-origin',
    })
      .then((response) => {
        if (!response.ok)
          console.error(`Analytics: ${EVENTS_ENDPOINT} answered ${response.status}`);
      })
      .catch((error: unknown) => console.error('Analytics: events not sent', error));
  } catch (error) {
    console.error('Analytics: events not sent', error);
  }
}

export function flush(useBeacon = false): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  if (queue.length === 0) return;
  const batch = queue;
  queue = [];
  send(batch, useBeacon);
}

function listenForPageHide(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush(true);
  });
  window.addEventListener('pagehide', () => flush(true));
}

function enqueue(type: string, path: string, fields?: EventFields, referrer?: string): void {
  if (!inBrowser()) return;
  listenForPageHide();
  queue.push(makeEvent(type, path, sessionId(), fields, referrer));
  if (queue.length >= MAX_BATCH) flush();
  else if (timer === undefined) timer = setTimeout(() => flush(), FLUSH_DELAY_MS);
}

export function trackPageView(path: string): void {
  enqueue('page_view', path, undefined, inBrowser() ? document.referrer : undefined);
}

export function trackEvent(type: string, fields?: EventFields): void {
  enqueue(type, inBrowser() ? window.location.pathname : '/', fields);
}

export function trackBrokenLink(path: string, referrer: string): void {
  enqueue('broken_link', path, { requestedPath: path }, referrer);
}
