/** Batching of events: a short wait or a full batch triggers a send, and so does hiding the page. */

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface BatchQueue<T> {
  add(item: T): void;
  /** Sends everything queued now; `urgent` when the page is going away. */
  flush(urgent: boolean): void;
}

export function createBatchQueue<T>(
  send: (items: T[], urgent: boolean) => void,
  options: { delayMs: number; maxItems: number; timers: Timers },
): BatchQueue<T> {
  let items: T[] = [];
  let timer: unknown;
  let waiting = false;

  const flush = (urgent: boolean) => {
    if (waiting) options.timers.clear(timer);
    waiting = false;
    if (items.length === 0) return;
    const batch = items;
    items = [];
    send(batch, urgent);
  };

  return {
    add(item) {
      items.push(item);
      if (items.length >= options.maxItems) flush(false);
      else if (!waiting) {
        waiting = true;
        timer = options.timers.set(() => flush(false), options.delayMs);
      }
    },
    flush,
  };
}

/** The gateway takes at most 100 events and 64 KB per request. */
export const MAX_EVENTS_PER_BODY = 20;
/**
 * In UTF-16 units: JSON.stringify leaves non-ASCII text unescaped and UTF-8 needs at most
 * three bytes per unit, so 16,000 stays under 48 KB — within the gateway's limit and the
 * browser's 64 KB allowance for beacons and keepalive requests in flight.
 */
export const MAX_BODY_CHARS = 16_000;

/** Request bodies (`{"events":[...]}`) for the events, in order, each within the limits. */
export function requestBodies(
  events: readonly object[],
  maxEvents = MAX_EVENTS_PER_BODY,
  maxChars = MAX_BODY_CHARS,
): string[] {
  const bodies: string[] = [];
  let current: string[] = [];
  let chars = 0;
  const close = () => {
    if (current.length > 0) bodies.push(`{"events":[${current.join(',')}]}`);
    current = [];
    chars = 0;
  };
  for (const event of events) {
    const json = JSON.stringify(event);
    if (current.length === maxEvents || chars + json.length > maxChars) close();
    current.push(json);
    chars += json.length + 1;
  }
  close();
  return bodies;
}
