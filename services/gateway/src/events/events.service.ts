import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { type BrowserEvent, TOPICS, eventBatchMessage } from '@handcheck/contracts';
import { Metrics, ProducerBufferFullError, withHeaders } from '@handcheck/server-kit';
import { AnalyticsProducer } from './analytics-producer';
import { type RequestContext, toAnalyticsEvent } from './to-analytics-event';

export const RETRY_AFTER_SECONDS = 5;

@Injectable()
export class EventsService {
  private readonly accepted;
  private readonly refused;

  constructor(
    private readonly producer: AnalyticsProducer,
    metrics: Metrics,
  ) {
    this.accepted = metrics.counter({
      name: 'gateway_events_accepted_total',
      help: 'Analytics events taken into the producer buffer',
    });
    this.refused = metrics.counter({
      name: 'gateway_events_refused_total',
      help: 'Analytics events refused, by reason',
      labelNames: ['reason'],
    });
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
      this.producer.batching.send(TOPICS.analyticsEventBatches, [message], events.length);
      this.accepted.inc(events.length);
    } catch (error) {
      if (!(error instanceof ProducerBufferFullError)) throw error;
      this.refused.inc({ reason: 'buffer_full' }, events.length);
      // Not logged per request: the producer logs each failed attempt to reach Kafka.
      throw withHeaders(
        new ServiceUnavailableException(
          'Analytics is briefly unavailable; nothing was recorded. Please retry shortly.',
        ),
        { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      );
    }
  }
}
