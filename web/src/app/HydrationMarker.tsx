import { useEffect } from 'react';

/** Marks <html data-hydrated="true"> once the app is interactive (used by the browser tests). */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
