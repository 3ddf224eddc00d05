import {
  MAX_DURATION_SECONDS,
  SESSION_KEY,
  openSession,
  sessionDuration,
  type StorageLike,
} from './session';

/** sessionStorage as the browser gives it: strings under keys. */
function memoryStorage(): StorageLike & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
  };
}

const T0 = 1_700_000_000_000;
let counter = 0;
const newId = () => `id-0000-${(counter += 1)}`;

describe('the tab session', () => {
  it('is created once and found again by every later page load of the tab', () => {
    const storage = memoryStorage();
    const first = openSession(storage, T0, newId);
    expect(first.isNew).toBe(true);
    expect(JSON.parse(storage.values.get(SESSION_KEY) ?? '')).toEqual(first.session);

    const later = openSession(storage, T0 + 60_000, newId);
    expect(later).toEqual({ session: { id: first.session.id, startedAt: T0 }, isNew: false });
    expect(openSession(storage, T0 + 120_000, newId).isNew).toBe(false);
  });

  it('gives separate tabs (separate storage) separate sessions', () => {
    const a = openSession(memoryStorage(), T0, newId);
    const b = openSession(memoryStorage(), T0, newId);
    expect(a.session.id).not.toBe(b.session.id);
  });

  it.each([
    ['an older plain-id value', '3f0c2a5e-5b1e-4f55-9a4b-1f2d3c4b5a69'],
    ['malformed JSON', '{"id":'],
    ['an id the gateway would reject', JSON.stringify({ id: 'bad id!', startedAt: T0 })],
    ['a missing start time', JSON.stringify({ id: 'abcdefgh-1234' })],
    ['null', 'null'],
  ])('starts afresh over %s', (_, saved) => {
    const storage = memoryStorage();
    storage.values.set(SESSION_KEY, saved);
    const opened = openSession(storage, T0, newId);
    expect(opened.isNew).toBe(true);
    expect(openSession(storage, T0 + 1000, newId)).toEqual({
      session: opened.session,
      isNew: false,
    });
  });

  it('still works for the page when storage is missing or throws', () => {
    expect(openSession(undefined, T0, newId)).toMatchObject({
      isNew: true,
      session: { startedAt: T0 },
    });
    const blocked: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(openSession(blocked, T0, newId)).toMatchObject({
      isNew: true,
      session: { startedAt: T0 },
    });
  });
});

describe('sessionDuration', () => {
  const session = { id: 'abcdefgh', startedAt: T0 };

  it('counts whole seconds since the session started', () => {
    expect(sessionDuration(session, T0)).toBe(0);
    expect(sessionDuration(session, T0 + 999)).toBe(0);
    expect(sessionDuration(session, T0 + 61_500)).toBe(61);
  });

  it('stays within what the gateway accepts when clocks move', () => {
    expect(sessionDuration(session, T0 - 5000)).toBe(0);
    expect(sessionDuration(session, T0 + 30 * 24 * 3600 * 1000)).toBe(MAX_DURATION_SECONDS);
  });
});
