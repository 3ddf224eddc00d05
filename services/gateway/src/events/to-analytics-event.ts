import { type AnalyticsEvent, AnalyticsEventSchema, create } from '@handcheck/contracts';
import {
  type BrokenLinkDto,
  type BrowserEvent,
  type CheckerCompletionDto,
  type CheckerEventDto,
  type SessionDurationDto,
} from './dto/event.dto';
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
          requestedPath: (event as BrokenLinkDto).requestedPath,
        },
      };
    case 'session_duration':
      return {
        case: 'sessionDuration',
        value: {
          $typeName: 'handcheck.analytics.v1.SessionDuration',
          durationSeconds: (event as SessionDurationDto).durationSeconds,
        },
      };
    case 'checker_completion': {
      const c = event as CheckerCompletionDto;
      return {
        case: 'checkerCompletion',
        value: {
          $typeName: 'handcheck.analytics.v1.CheckerCompletion',
          topCondition: c.topCondition,
          conditionConfidence: c.conditionConfidence,
          totalSymptomsReported: c.totalSymptomsReported,
          painIntensity: c.painIntensity ?? undefined,
          symptomDuration: c.symptomDuration,
          functionalImpact: c.functionalImpact ?? undefined,
        },
      };
    }
    default: {
      const e = event as CheckerEventDto;
      return {
        case: 'checkerEvent',
        value: {
          $typeName: 'handcheck.analytics.v1.CheckerEvent',
          eventType: e.type,
          stepNumber: e.stepNumber,
          topCondition: e.topCondition,
          diagnosisConfidence: e.diagnosisConfidence,
          eventDataJson: e.eventData ? JSON.stringify(e.eventData) : '',
        },
      };
    }
  }
}

export function toAnalyticsEvent(event: BrowserEvent, context: RequestContext): AnalyticsEvent {
  return create(AnalyticsEventSchema, {
    eventId: event.id.toLowerCase(),
    sessionId: event.sessionId,
    occurredAtMs: BigInt(clampEventTime(event.at, context.receivedAtMs)),
    receivedAtMs: BigInt(context.receivedAtMs),
    userAgent: context.userAgent.slice(0, USER_AGENT_MAX),
    pagePath: event.path,
    referrer: event.referrer ?? '',
    payload: payloadOf(event, context),
  });
}
