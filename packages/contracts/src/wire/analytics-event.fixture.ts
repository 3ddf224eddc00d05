// Test data for the wire specs (left out of the package's build: tsconfig.json).
import { type AnalyticsEvent } from '../gen/handcheck/analytics/v1/events_pb';

/** A page view as the gateway writes one, with `fields` in its place. */
export function analyticsEvent(fields: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  return {
    $typeName: 'handcheck.analytics.v1.AnalyticsEvent',
    eventId: '2b1f0f1d-6f1f-4b8e-9d7a-7c1e2c7e1a11',
    sessionId: 'session-1',
    occurredAtMs: 1_764_460_800_000n,
    receivedAtMs: 1_764_460_800_123n,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130',
    pagePath: '/conditions/trigger-finger',
    referrer: '',
    payload: { case: 'pageView', value: { $typeName: 'handcheck.analytics.v1.PageView' } },
    ...fields,
  };
}
