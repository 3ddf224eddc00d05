import {
  type AnalyticsEvent,
  AnalyticsEventSchema,
  type BrowserEvent,
  create,
  storableEvent,
} from '@handcheck/contracts';
import { type GeoLocation } from '../geo/geo-locator.service';

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
          landingPage: event.path,
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
          requestedPath: event.requestedPath,
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
    default: {
      // Each checker type carries its own fields (or none); absent ones stay unset.
      const stepNumber = 'stepNumber' in event ? event.stepNumber : undefined;
      const topCondition = 'topCondition' in event ? event.topCondition : undefined;
      const confidence = 'diagnosisConfidence' in event ? event.diagnosisConfidence : undefined;
      const eventData = 'eventData' in event ? event.eventData : undefined;
      const anySign = 'anySign' in event ? event.anySign : undefined;
      return {
        case: 'checkerEvent',
        value: {
          $typeName: 'handcheck.analytics.v1.CheckerEvent',
          eventType: event.type,
          stepNumber,
          topCondition: topCondition ?? undefined,
          diagnosisConfidence: confidence ?? undefined,
          anySign,
          eventDataJson: eventData ? JSON.stringify(eventData) : '',
        },
      };
    }
  }
}

/** The message an accepted browser event travels as, its text as it may be stored. */
export function toAnalyticsEvent(event: BrowserEvent, context: RequestContext): AnalyticsEvent {
  return storableEvent(
    create(AnalyticsEventSchema, {
      eventId: event.id.toLowerCase(),
      sessionId: event.sessionId,
      occurredAtMs: BigInt(clampEventTime(event.at, context.receivedAtMs)),
      receivedAtMs: BigInt(context.receivedAtMs),
      userAgent: context.userAgent,
      pagePath: event.path,
      referrer: event.referrer ?? '',
      payload: payloadOf(event, context),
    }),
  );
}
