/** Delivery of request bodies to the gateway. Failures are logged, never thrown or shown (spec §8). */

export const EVENTS_ENDPOINT = '/api/events';

export interface TransportDeps {
  sendBeacon?: (url: string, data: Blob) => boolean;
  fetch: typeof fetch;
  log: (message: string, error?: unknown) => void;
}

export type Post = (body: string, urgent: boolean) => void;

/**
 * When the page is going away a beacon is used, since the browser delivers it after the page
 * is gone; a refused or missing beacon falls back to a keepalive fetch, which also outlives
 * the page.
 */
export function createPost(deps: TransportDeps): Post {
  return (body, urgent) => {
    try {
      if (
        urgent &&
        deps.sendBeacon?.(EVENTS_ENDPOINT, new Blob([body], { type: 'application/json' }))
      )
        return;
      deps
        .fetch(EVENTS_ENDPOINT, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          keepalive: true,
          credentials: 'same-origin',
        })
        .then(
          (response) => {
            if (!response.ok) deps.log(`Analytics: ${EVENTS_ENDPOINT} answered ${response.status}`);
          },
          (error: unknown) => deps.log('Analytics: events not sent', error),
        );
    } catch (error) {
      deps.log('Analytics: events not sent', error);
    }
  };
}
