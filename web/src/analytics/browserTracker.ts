/**
 * The site's analytics client: createTracker given the real browser, and the functions pages
 * call. Events are batched and sent to the gateway (`POST /api/events`), which publishes them to
 * the ingestion pipeline. Nothing here throws or shows anything: analytics failures are logged to
 * the console only (spec §8).
 */
import { createTracker, type Tracker } from './createTracker';
import { randomId, type FieldsArgument, type TrackedEventType } from './events';
import { analyticsAllowed } from './rules';
import { createPost } from './transport';

export type { EventFields, FieldsArgument, TrackedEventType } from './events';

const log = (message: string, error?: unknown) => console.error(message, error ?? '');

/** Browser callbacks (timers, page hide) must not throw into the page either. */
const guarded = (callback: () => void) => () => {
  try {
    callback();
  } catch (error) {
    log('Analytics: events not sent', error);
  }
};

function browserTracker(): Tracker {
  return createTracker({
    now: () => Date.now(),
    newId: randomId,
    pathname: () => window.location.pathname,
    referrer: () => document.referrer,
    storage() {
      try {
        return window.sessionStorage;
      } catch {
        // Storage blocked by the browser's settings: the session lasts for this page only.
        return undefined;
      }
    },
    post: createPost({
      // Both are called through wrappers: detached from navigator/window they throw.
      sendBeacon:
        typeof navigator.sendBeacon === 'function'
          ? (url, data) => navigator.sendBeacon(url, data)
          : undefined,
      fetch: (input, init) => fetch(input, init),
      log,
    }),
    onHidden(listener) {
      const hidden = guarded(listener);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') hidden();
      });
      window.addEventListener('pagehide', hidden);
    },
    timers: {
      set: (callback, ms) => setTimeout(guarded(callback), ms),
      clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    log,
  });
}

let tracker: Tracker | undefined;

/** Runs `use` with the page's tracker; a no-op during prerendering, never throws. */
function withTracker(use: (tracker: Tracker) => void): void {
  if (typeof window === 'undefined') return;
  try {
    tracker ??= browserTracker();
    use(tracker);
  } catch (error) {
    log('Analytics: event not recorded', error);
  }
}

/**
 * Called on the first render of every page load. Events tracked earlier wait for it, so the
 * skip rules (iPhone, excluded user agents, Global Privacy Control) cover everything.
 */
export function startAnalytics(excludedUserAgents: readonly string[]): void {
  withTracker((t) => t.start(analyticsAllowed(navigator, excludedUserAgents)));
}

export function trackPageView(path: string): void {
  withTracker((t) => t.track('page_view', undefined, path));
}

/** Records a feature's event; the fields are required for the types that have required ones. */
export function trackEvent<T extends TrackedEventType>(
  type: T,
  ...[fields]: FieldsArgument<T>
): void {
  withTracker((t) => t.track(type, fields));
}

export function trackBrokenLink(path: string, referrer: string): void {
  withTracker((t) => t.track('broken_link', { requestedPath: path }, path, referrer));
}
