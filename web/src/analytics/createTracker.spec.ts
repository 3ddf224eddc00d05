import { parseEventBatch } from '@handcheck/contracts/browser-events';
import { FLUSH_DELAY_MS, MAX_QUEUED, createTracker, type TrackerEnv } from './createTracker';
import { type BrowserEvent, randomId } from './events';
import { SESSION_KEY, type StorageLike } from './session';

const T0 = 1_700_000_000_000;
const REFERRER = 'https://www.search.example/';

/** One browser tab: its sessionStorage survives page loads, everything else is per load. */
class FakeTab {
  readonly values = new Map<string, string>();
  readonly storage: StorageLike = {
    getItem: (key) => this.values.get(key) ?? null,
    setItem: (key, value) => void this.values.set(key, value),
  };
  path = '/';
  posts: Array<{ body: string; urgent: boolean }> = [];
  hide: Array<() => void> = [];
  failPosts = false;

  /** A new page load in this tab. */
  load(path: string): TrackerEnv {
    this.path = path;
    this.hide = [];
    return {
      now: () => Date.now(),
      newId: randomId,
      pathname: () => this.path,
      referrer: () => REFERRER,
      storage: () => this.storage,
      post: (body, urgent) => {
        if (this.failPosts) throw new Error('network down');
        this.posts.push({ body, urgent });
      },
      onHidden: (listener) => this.hide.push(listener),
      timers: {
        set: (callback, ms) => setTimeout(callback, ms),
        clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      },
    };
  }

  pageHidden() {
    for (const listener of this.hide) listener();
  }

  get events(): BrowserEvent[] {
    return this.posts.flatMap(
      (post) => (JSON.parse(post.body) as { events: BrowserEvent[] }).events,
    );
  }

  types() {
    return this.events.map((event) => event.type);
  }
}

beforeEach(() => {
  jest.useFakeTimers({ now: T0 });
});
afterEach(() => jest.useRealTimers());

describe('the tracker', () => {
  it('records the session once, a visit per page load and a view per route', () => {
    const tab = new FakeTab();
    const first = createTracker(tab.load('/'));
    first.start(true);
    first.track('page_view', undefined, '/');
    tab.path = '/faq';
    first.track('page_view', undefined, '/faq');
    expect(tab.posts).toEqual([]);
    jest.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(tab.types()).toEqual(['session_start', 'site_visit', 'page_view', 'page_view']);
    const [start, visit] = tab.events;
    expect(start).toMatchObject({ path: '/', referrer: REFERRER, at: T0 });
    expect(visit).toMatchObject({ path: '/', referrer: REFERRER });
    const session = start.sessionId;
    expect(JSON.parse(tab.values.get(SESSION_KEY) ?? '')).toEqual({ id: session, startedAt: T0 });

    // A full page load in the same tab: same session, no second session record.
    jest.advanceTimersByTime(30_000);
    const second = createTracker(tab.load('/no-such-page'));
    second.start(true);
    second.track('page_view', undefined, '/no-such-page');
    second.track('broken_link', { requestedPath: '/no-such-page' }, '/no-such-page', REFERRER);
    jest.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(tab.types().slice(4)).toEqual(['site_visit', 'page_view', 'broken_link']);
    expect(new Set(tab.events.map((event) => event.sessionId))).toEqual(new Set([session]));
    expect(new Set(tab.events.map((event) => event.id)).size).toBe(tab.events.length);
    for (const post of tab.posts) expect(parseEventBatch(JSON.parse(post.body)).ok).toBe(true);
  });

  it('sends the session duration and everything queued, urgently, when the page is hidden', () => {
    const tab = new FakeTab();
    const tracker = createTracker(tab.load('/'));
    tracker.start(true);
    tracker.track('symptom_checker_started');
    jest.advanceTimersByTime(42_400);
    tracker.track('symptom_checker_step_completed', { stepNumber: 1 });
    tab.pageHidden();
    // pagehide right after visibilitychange: the same duration is not sent twice.
    tab.pageHidden();
    expect(tab.posts.map((post) => post.urgent)).toEqual([false, true]);
    const hidden = (JSON.parse(tab.posts[1].body) as { events: BrowserEvent[] }).events;
    expect(hidden.map((event) => event.type)).toEqual([
      'symptom_checker_step_completed',
      'session_duration',
    ]);
    expect(hidden[1]).toMatchObject({ durationSeconds: 42, path: '/' });

    // Back to the tab and away again: a longer duration.
    jest.advanceTimersByTime(10_000);
    tab.pageHidden();
    expect(tab.events.at(-1)).toMatchObject({ type: 'session_duration', durationSeconds: 52 });
    expect(tab.posts.at(-1)?.urgent).toBe(true);
    for (const post of tab.posts) expect(parseEventBatch(JSON.parse(post.body)).ok).toBe(true);
  });

  it('measures the duration from the start of the session, across page loads', () => {
    const tab = new FakeTab();
    createTracker(tab.load('/')).start(true);
    jest.advanceTimersByTime(90_000);
    createTracker(tab.load('/faq')).start(true);
    jest.advanceTimersByTime(5_000);
    tab.pageHidden();
    expect(tab.events.at(-1)).toMatchObject({ type: 'session_duration', durationSeconds: 95 });
  });

  it('sends a full queue at once', () => {
    const tab = new FakeTab();
    const tracker = createTracker(tab.load('/'));
    tracker.start(true);
    for (let step = 1; step <= MAX_QUEUED - 2; step += 1)
      tracker.track('symptom_checker_step_completed', { stepNumber: (step % 6) + 1 });
    expect(tab.posts).toHaveLength(1);
    expect(tab.events).toHaveLength(MAX_QUEUED);
  });

  it('holds events tracked before start and gives them the session', () => {
    const tab = new FakeTab();
    const tracker = createTracker(tab.load('/'));
    tracker.track('page_view', undefined, '/');
    tracker.start(true);
    tracker.start(true);
    jest.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(tab.types()).toEqual(['session_start', 'site_visit', 'page_view']);
    expect(tab.events[2].at).toBe(T0);
    expect(new Set(tab.events.map((event) => event.sessionId)).size).toBe(1);
  });

  it('records nothing, stores nothing and listens to nothing when not allowed', () => {
    const tab = new FakeTab();
    const tracker = createTracker(tab.load('/'));
    tracker.track('page_view', undefined, '/');
    tracker.start(false);
    tracker.track('page_view', undefined, '/faq');
    tracker.track('symptom_checker_started');
    jest.advanceTimersByTime(60_000);
    tab.pageHidden();
    expect(tab.posts).toEqual([]);
    expect(tab.values.size).toBe(0);
    expect(tab.hide).toEqual([]);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('logs an event the gateway would refuse instead of letting it sink its batch', () => {
    const tab = new FakeTab();
    const env = tab.load('/');
    const log = jest.fn();
    const tracker = createTracker({ ...env, log });
    tracker.start(true);
    // A condition name the contract does not know (a content change, say).
    tracker.track('diagnosis_received', { topCondition: 'Sore Thumb', diagnosisConfidence: 90 });
    tracker.track('symptom_checker_completed');
    jest.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(tab.types()).toEqual(['session_start', 'site_visit', 'symptom_checker_completed']);
    expect(log).toHaveBeenCalledWith('Analytics: event not sent', [
      expect.stringMatching(/^event\.topCondition must be one of: Carpal Tunnel Syndrome, /),
    ]);
    for (const post of tab.posts) expect(parseEventBatch(JSON.parse(post.body)).ok).toBe(true);
  });

  it('keeps working when sending fails', () => {
    const tab = new FakeTab();
    const tracker = createTracker(tab.load('/'));
    tracker.start(true);
    tab.failPosts = true;
    expect(() => jest.advanceTimersByTime(FLUSH_DELAY_MS)).toThrow('network down');
    tab.failPosts = false;
    tracker.track('page_view', undefined, '/faq');
    jest.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(tab.types()).toEqual(['page_view']);
  });
});
