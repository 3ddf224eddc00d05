import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { TOPICS, eventBatchMessage } from '@handcheck/contracts';
import { ProducerBufferFullError, withHeaders } from '@handcheck/server-kit';
import { KafkaGateway } from '../kafka/kafka.module';
import { type BrowserEvent } from './dto/event.dto';
import { type RequestContext, toAnalyticsEvent } from './to-analytics-event';

export const RETRY_AFTER_SECONDS = 5;

@Injectable()
export class EventsService {
  constructor(private readonly kafka: KafkaGateway) {}

  /**
   * Hands the events to the producer's bounded buffer, which delivers them to
   * Kafka and retries until Kafka has them. When the buffer is full (Kafka has
   * been away too long) the caller gets a 503 and may retry; nothing is taken.
   */
  publish(events: BrowserEvent[], context: RequestContext): void {
    // The request's events travel as one message; the buffer bound counts events.
    const message = eventBatchMessage(events.map((event) => toAnalyticsEvent(event, context)));
    try {
      this.kafka.batching.send(TOPICS.analyticsEventBatches, [message], events.length);
    } catch (error) {
      if (!(error instanceof ProducerBufferFullError)) throw error;
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
