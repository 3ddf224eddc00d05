/**
 * The analytics tracker with the browser passed in (`TrackerEnv`): the session, the skip decision,
 * validation, batching and the flush when the page is hidden. browserTracker.ts gives it the real
 * browser and holds the page's one tracker; tests give it fakes.
 */
import { browserEventProblems } from '@handcheck/contracts/browser-events';
import { createBatchQueue, requestBodies, type Timers } from './batching';
import { makeEvent, type BrowserEvent, type EventFields, type EventType } from './events';
import { openSession, sessionDuration, type Session, type StorageLike } from './session';
import { type Post } from './transport';

/** What the tracker needs from the browser; tests pass fakes. */
export interface TrackerEnv {
  now(): number;
  newId(): string;
  pathname(): string;
  referrer(): string;
  storage(): StorageLike | undefined;
  post: Post;
  /** Calls `listener` whenever the page is hidden or unloaded. */
  onHidden(listener: () => void): void;
  timers: Timers;
  /** Where an event the gateway would refuse is reported instead of being sent. */
  log?(message: string, detail?: unknown): void;
}

export interface Tracker {
  /**
   * Once per page load, before or after the first events: decides whether this visitor is
   * tracked at all; if so opens the tab's session and records the visit.
   */
  start(allowed: boolean): void;
  track<T extends EventType>(
    type: T,
    fields?: EventFields<T>,
    path?: string,
    referrer?: string,
  ): void;
}

export const FLUSH_DELAY_MS = 1500;
export const MAX_QUEUED = 20;

export function createTracker(env: TrackerEnv): Tracker {
  let state: 'waiting' | 'on' | 'off' = 'waiting';
  let session: Session | undefined;
  let sentDuration = -1;
  // Events recorded before start() are kept as builders: their session is not known yet.
  let early: Array<(session: string) => BrowserEvent> = [];
  const queue = createBatchQueue<BrowserEvent>(
    (events, urgent) => {
      for (const body of requestBodies(events)) env.post(body, urgent);
    },
    { delayMs: FLUSH_DELAY_MS, maxItems: MAX_QUEUED, timers: env.timers },
  );

  const builder = <T extends EventType>(
    type: T,
    fields: EventFields<T> | undefined,
    path = env.pathname(),
    referrer?: string,
  ) => {
    const at = env.now();
    const id = env.newId();
    return (sessionId: string): BrowserEvent =>
      makeEvent(type, path, sessionId, fields, referrer, at, id);
  };

  // The gateway refuses a whole batch for one bad event, so the same validator it runs
  // keeps such an event (a field out of range, one too many) out of the batch here.
  const enqueue = (event: BrowserEvent) => {
    const problems = browserEventProblems(event);
    if (problems.length === 0) queue.add(event);
    else env.log?.('Analytics: event not sent', problems);
  };

  const pageHidden = () => {
    if (!session) return;
    const seconds = sessionDuration(session, env.now());
    // visibilitychange and pagehide both fire when a tab closes: one duration is enough.
    if (seconds !== sentDuration) {
      sentDuration = seconds;
      enqueue(builder('session_duration', { durationSeconds: seconds })(session.id));
    }
    queue.flush(true);
  };

  return {
    start(allowed) {
      if (state !== 'waiting') return;
      const pending = early;
      early = [];
      if (!allowed) {
        state = 'off';
        return;
      }
      const opened = openSession(env.storage(), env.now(), env.newId);
      state = 'on';
      session = opened.session;
      const referrer = env.referrer();
      if (opened.isNew)
        enqueue(builder('session_start', undefined, undefined, referrer)(session.id));
      enqueue(builder('site_visit', undefined, undefined, referrer)(session.id));
      for (const build of pending) enqueue(build(session.id));
      env.onHidden(pageHidden);
    },
    track(type, fields, path, referrer) {
      if (state === 'off') return;
      const build = builder(type, fields, path, referrer);
      if (session) enqueue(build(session.id));
      // Bounded in case start() never comes (it is called on the first render).
      else if (early.length < MAX_QUEUED) early.push(build);
    },
  };
}
