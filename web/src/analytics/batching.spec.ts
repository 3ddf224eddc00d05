import { parseEventBatch } from '@handcheck/contracts/browser-events';
import {
  MAX_BODY_CHARS,
  MAX_EVENTS_PER_BODY,
  createBatchQueue,
  requestBodies,
  type Timers,
} from './batching';
import { makeEvent, randomId } from './events';

const timers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

describe('createBatchQueue', () => {
  let sent: Array<{ items: number[]; urgent: boolean }>;
  const queue = () =>
    createBatchQueue<number>((items, urgent) => sent.push({ items, urgent }), {
      delayMs: 1500,
      maxItems: 20,
      timers,
    });

  beforeEach(() => {
    jest.useFakeTimers();
    sent = [];
  });
  afterEach(() => jest.useRealTimers());

  it('sends what arrived within the delay as one batch, counted from the first item', () => {
    const q = queue();
    q.add(1);
    jest.advanceTimersByTime(1000);
    q.add(2);
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(500);
    expect(sent).toEqual([{ items: [1, 2], urgent: false }]);
    q.add(3);
    jest.advanceTimersByTime(1499);
    expect(sent).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(sent[1]).toEqual({ items: [3], urgent: false });
  });

  it('sends at once when the batch is full', () => {
    const q = queue();
    for (let i = 1; i <= 20; i += 1) q.add(i);
    expect(sent).toHaveLength(1);
    expect(sent[0].items).toHaveLength(20);
    q.add(21);
    jest.advanceTimersByTime(1500);
    expect(sent.map((batch) => batch.items.length)).toEqual([20, 1]);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('sends everything at once, marked urgent, when flushed for a hidden page', () => {
    const q = queue();
    q.add(1);
    q.add(2);
    q.flush(true);
    expect(sent).toEqual([{ items: [1, 2], urgent: true }]);
    // The pending timer was cancelled: nothing more is sent.
    jest.advanceTimersByTime(5000);
    expect(sent).toHaveLength(1);
  });

  it('sends nothing when there is nothing queued', () => {
    const q = queue();
    q.flush(true);
    jest.advanceTimersByTime(5000);
    expect(sent).toEqual([]);
  });
});

describe('requestBodies', () => {
  const session = randomId();
  const views = (count: number, path = '/faq') =>
    Array.from({ length: count }, () => makeEvent('page_view', path, session));

  it('puts a few events in one body the gateway accepts', () => {
    const events = views(3);
    const bodies = requestBodies(events);
    expect(bodies).toHaveLength(1);
    expect(JSON.parse(bodies[0])).toEqual({ events });
    expect(parseEventBatch(JSON.parse(bodies[0])).ok).toBe(true);
  });

  it('splits by count and by size, keeping order, each body as full as the limits allow', () => {
    const events = [...views(45), ...views(20, `/${'x'.repeat(2000)}`)];
    const lists = requestBodies(events).map(
      (body) => (JSON.parse(body) as { events: Array<Record<string, unknown>> }).events,
    );
    expect(lists.flat()).toEqual(events);
    expect(lists.slice(0, 2).map((list) => list.length)).toEqual([20, 20]);
    lists.forEach((list, index) => {
      const body = JSON.stringify({ events: list });
      expect(list.length).toBeLessThanOrEqual(MAX_EVENTS_PER_BODY);
      expect(body.length).toBeLessThanOrEqual(MAX_BODY_CHARS + 20);
      expect(Buffer.byteLength(body)).toBeLessThan(48 * 1024);
      expect(parseEventBatch(JSON.parse(body)).ok).toBe(true);
      // Greedy: the next body's first event would not have fitted in this one.
      const next = lists[index + 1]?.[0];
      if (next)
        expect(
          list.length === MAX_EVENTS_PER_BODY ||
            JSON.stringify([...list, next]).length > MAX_BODY_CHARS,
        ).toBe(true);
    });
    expect(lists.length).toBeGreaterThan(4);
  });

  it('gives no body for no events', () => {
    expect(requestBodies([])).toEqual([]);
  });
});
