import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { adminApi, selectAdminAuth } from './adminApi';
import { checking, sessionLost, signedIn } from './adminAuthSlice';
import type { AppThunk } from '../../app/store';

/** The spec's session refresh margin (§9): a new access token 90 s before the old one ends. */
export const REFRESH_MARGIN_MS = 90_000;

/** Milliseconds until the access token should be refreshed (never negative). */
export function refreshDelay(expiresAt: string, now = Date.now()): number {
  return Math.max(0, Date.parse(expiresAt) - REFRESH_MARGIN_MS - now);
}

/** The Web Lock every tab of the site takes to refresh (one refresh at a time, site-wide). */
export const REFRESH_LOCK = 'handcheck-admin-refresh';

/**
 * Runs `task` holding the site-wide refresh lock (the Web Locks API), so that tabs refresh
 * one after another: the gateway treats a refresh token presented twice as stolen and ends
 * the whole sign-in, and tabs share the one refresh cookie. A tab that waited sends the
 * cookie the tab before it has just set. Without the API (very old browsers) it just runs.
 */
export async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task();
  return await locks.request(REFRESH_LOCK, task);
}

let inFlight: Promise<boolean> | undefined;

/**
 * Asks the gateway for a new access token with the refresh cookie; none means signed out.
 * One at a time: overlapping calls in this tab (a timer and a remount) share one request,
 * and other tabs wait for it (withRefreshLock).
 */
export const refreshSession = (): AppThunk<Promise<boolean>> => (dispatch) => {
  inFlight ??= (async () => {
    try {
      const result = await withRefreshLock(() =>
        dispatch(adminApi.endpoints.refreshSession.initiate()),
      );
      if ('data' in result && result.data) {
        dispatch(signedIn(result.data));
        return true;
      }
      dispatch(sessionLost());
      return false;
    } finally {
      inFlight = undefined;
    }
  })();
  return inFlight;
};

/**
 * The admin session for the dashboard: restored through the refresh cookie when the page
 * has none in memory (a reload, a new tab), then refreshed 90 s before each expiry. A failed
 * refresh marks the session lost, which sends the dashboard to the sign-in page.
 */
export function useAdminSession() {
  const dispatch = useAppDispatch();
  const auth = useAppSelector(selectAdminAuth);

  useEffect(() => {
    if (auth.status === 'unknown' || auth.status === 'ended') {
      dispatch(checking());
      void dispatch(refreshSession());
    }
    // Only on arrival: later changes are the session's own.
  }, []);

  useEffect(() => {
    if (auth.status !== 'signedIn' || !auth.expiresAt) return;
    const timer = setTimeout(() => void dispatch(refreshSession()), refreshDelay(auth.expiresAt));
    return () => clearTimeout(timer);
  }, [auth.status, auth.expiresAt, dispatch]);

  return auth;
}
