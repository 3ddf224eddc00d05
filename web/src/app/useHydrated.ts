import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates prerendered HTML (and on the server), true afterwards.
 * Views that depend on browser-only state (query string, sessionStorage) render the
 * prerendered variant first so hydration matches, then switch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
