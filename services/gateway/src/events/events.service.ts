import { Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { type BrowserEvent, eventBatchMessage } from '@handcheck/contracts';
import { Metrics, ProducerBufferFullError, withHeaders } from '@handcheck/server-kit';
import { GatewayEnv } from '../config/gateway.env';
import { RefusalLog } from './refusal-log';
import { AnalyticsProducer } from './analytics-producer.service';
import { type RequestContext, toAnalyticsEvent } from './to-analytics-event';

export const RETRY_AFTER_SECONDS = 5;
/** Refusals are logged at most once per this long, with counts, never a line per request. */
export const REFUSAL_LOG_INTERVAL_MS = 10_000;

export type RefusalReason = 'buffer_full' | 'rate_limited';

@Injectable()
export class EventsService {
  private readonly accepted;
  private readonly refusedTotal;
  private readonly logger = new Logger('EventsIntake');
  private readonly refusals = new RefusalLog(REFUSAL_LOG_INTERVAL_MS, (counts) =>
    this.logger.warn(
      { refusedRequests: counts, sinceSeconds: REFUSAL_LOG_INTERVAL_MS / 1000 },
      'Refusing analytics requests (counts since the last such line, at most one line per interval)',
    ),
  );

  constructor(
    private readonly producer: AnalyticsProducer,
    metrics: Metrics,
    private readonly env: GatewayEnv,
  ) {
    this.accepted = metrics.counter({
      name: 'gateway_events_accepted_total',
      help: 'Analytics events taken into the producer buffer',
    });
    this.refusedTotal = metrics.counter({
      name: 'gateway_events_refused_total',
      help: 'Analytics refused, by reason: buffer_full (503) counts events; rate_limited (429) counts requests, whose bodies are never read',
      labelNames: ['reason'],
    });
  }

  /** Counts (metric) and logs (rate-limited) one refused request; `events` is what it held, when known. */
  refused(reason: RefusalReason, events = 1): void {
    this.refusedTotal.inc({ reason }, events);
    this.refusals.count(reason);
  }

  /**
   * Hands the events to the producer's bounded buffer, which delivers them to
   * Kafka and retries until Kafka has them. When the buffer is full (Kafka has
   * been away too long) the caller gets a 503 and may retry; nothing is taken.
   */
  publish(events: BrowserEvent[], context: RequestContext): void {
    // The request's events travel as one message; the buffer bound counts events.
    const message = eventBatchMessage(events.map((event) => toAnalyticsEvent(event, context)));
    try {
      this.producer.batching.send(this.env.ANALYTICS_TOPIC, [message], events.length);
      this.accepted.inc(events.length);
    } catch (error) {
      if (!(error instanceof ProducerBufferFullError)) throw error;
      this.refused('buffer_full', events.length);
      throw withHeaders(
        new ServiceUnavailableException(
          'Analytics is briefly unavailable; nothing was recorded. Please retry shortly.',
        ),
        { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      );
    }
  }
}
