import {
  type AnalyticsEvent,
  AnalyticsEventSchema,
  type BrowserEvent,
  create,
  storedPath,
  storedReferrer,
  withoutControls,
} from '@handcheck/contracts';
import { type GeoLocation } from '../geo/geo-locator';

export const USER_AGENT_MAX = 512;
const MAX_CLOCK_SKEW_MS = 60_000;
const MAX_EVENT_AGE_MS = 7 * 24 * 3600 * 1000;

export interface RequestContext {
  userAgent: string;
  receivedAtMs: number;
  /** Derived from the client IP, which itself goes no further than this. */
  location: GeoLocation;
}

/** Browser clocks drift; keep event times within a sane window of our own. */
export function clampEventTime(atMs: number, receivedAtMs: number): number {
  return Math.min(
    Math.max(atMs, receivedAtMs - MAX_EVENT_AGE_MS),
    receivedAtMs + MAX_CLOCK_SKEW_MS,
  );
}

function payloadOf(event: BrowserEvent, context: RequestContext): AnalyticsEvent['payload'] {
  switch (event.type) {
    case 'session_start':
      return {
        case: 'sessionStarted',
        value: {
          $typeName: 'handcheck.analytics.v1.SessionStarted',
          landingPage: storedPath(event.path),
          country: context.location.country,
          city: context.location.city,
          isUkUser: context.location.countryCode === 'GB',
        },
      };
    case 'page_view':
      return { case: 'pageView', value: { $typeName: 'handcheck.analytics.v1.PageView' } };
    case 'site_visit':
      return { case: 'siteVisit', value: { $typeName: 'handcheck.analytics.v1.SiteVisit' } };
    case 'broken_link':
      return {
        case: 'brokenLink',
        value: {
          $typeName: 'handcheck.analytics.v1.BrokenLink',
          requestedPath: storedPath(event.requestedPath),
        },
      };
    case 'session_duration':
      return {
        case: 'sessionDuration',
        value: {
          $typeName: 'handcheck.analytics.v1.SessionDuration',
          durationSeconds: event.durationSeconds,
        },
      };
    case 'checker_completion':
      return {
        case: 'checkerCompletion',
        value: {
          $typeName: 'handcheck.analytics.v1.CheckerCompletion',
          topCondition: event.topCondition,
          conditionConfidence: event.conditionConfidence,
          totalSymptomsReported: event.totalSymptomsReported,
          painIntensity: event.painIntensity ?? undefined,
          symptomDuration: event.symptomDuration,
          functionalImpact: event.functionalImpact ?? undefined,
        },
      };
    default:
      return {
        case: 'checkerEvent',
        value: {
          $typeName: 'handcheck.analytics.v1.CheckerEvent',
          eventType: event.type,
          stepNumber: event.stepNumber,
          topCondition: event.topCondition,
          diagnosisConfidence: event.diagnosisConfidence,
          eventDataJson: event.eventData ? JSON.stringify(event.eventData) : '',
        },
      };
  }
}

export function toAnalyticsEvent(event: BrowserEvent, context: RequestContext): AnalyticsEvent {
  return create(AnalyticsEventSchema, {
    eventId: event.id.toLowerCase(),
    sessionId: event.sessionId,
    occurredAtMs: BigInt(clampEventTime(event.at, context.receivedAtMs)),
    receivedAtMs: BigInt(context.receivedAtMs),
    // Stored text: no control characters, no query strings, referrers as origin + path.
    userAgent: withoutControls(context.userAgent).slice(0, USER_AGENT_MAX),
    pagePath: storedPath(event.path),
    referrer: storedReferrer(event.referrer ?? ''),
    payload: payloadOf(event, context),
  });
}
