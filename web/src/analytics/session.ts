/** The analytics session of one browser tab (spec §4), kept in the tab's sessionStorage. */

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface Session {
  id: string;
  /** Milliseconds since the epoch when the session was created. */
  startedAt: number;
}

export const SESSION_KEY = 'handcheck.session';
/** The gateway accepts durations up to a week; a tab left open longer reports a week. */
export const MAX_DURATION_SECONDS = 7 * 24 * 3600;
const VALID_ID = /^[A-Za-z0-9-]{8,64}$/;

function readSession(storage: StorageLike | undefined): Session | undefined {
  try {
    const saved = JSON.parse(storage?.getItem(SESSION_KEY) ?? 'null') as Partial<Session> | null;
    const id = saved?.id;
    const startedAt = saved?.startedAt;
    // Anything else (an older format, an edited value) starts a new session rather than
    // sending ids the gateway would reject.
    if (typeof id === 'string' && VALID_ID.test(id) && Number.isFinite(startedAt))
      return { id, startedAt: startedAt as number };
  } catch {
    // Unparseable or blocked storage: treated as no session.
  }
  return undefined;
}

/**
 * This tab's session, created when there is none; `isNew` is true exactly once per session,
 * which is when its session record is sent. Without usable storage the session lasts for
 * this page load only.
 */
export function openSession(
  storage: StorageLike | undefined,
  now: number,
  newId: () => string,
): { session: Session; isNew: boolean } {
  const saved = readSession(storage);
  if (saved) return { session: saved, isNew: false };
  const session = { id: newId(), startedAt: now };
  try {
    storage?.setItem(SESSION_KEY, JSON.stringify(session));
  } catch {
    // Full or blocked storage: the session still works for this page.
  }
  return { session, isNew: true };
}

/** Whole seconds since the session started, within what the gateway accepts. */
export function sessionDuration(session: Session, now: number): number {
  const seconds = Math.floor((now - session.startedAt) / 1000);
  return Math.min(MAX_DURATION_SECONDS, Math.max(0, seconds));
}
