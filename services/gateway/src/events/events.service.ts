import { Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { TOPICS, eventBatchMessage } from '@handcheck/contracts';
import { KafkaGateway } from '../kafka/kafka.module';
import { type BrowserEvent } from './dto/event.dto';
import { type RequestContext, toAnalyticsEvent } from './to-analytics-event';

export const RETRY_AFTER_SECONDS = 5;

@Injectable()
export class EventsService {
  private readonly logger = new Logger(EventsService.name);

  constructor(private readonly kafka: KafkaGateway) {}

  /** Resolves once Kafka holds every event; otherwise the caller gets a 503 and may retry. */
  async publish(events: BrowserEvent[], context: RequestContext): Promise<void> {
    // The request's events travel as one message; the buffer bound counts events.
    const message = eventBatchMessage(events.map((event) => toAnalyticsEvent(event, context)));
    try {
      await this.kafka.batching.send(TOPICS.analyticsEventBatches, [message], events.length);
    } catch (error) {
      this.logger.warn({ err: error, events: events.length }, 'Could not hand events to Kafka');
      const unavailable = new ServiceUnavailableException(
        'Analytics is briefly unavailable; nothing was recorded. Please retry shortly.',
      );
      // Read by AllExceptionsFilter, which copies them onto the response.
      throw Object.assign(unavailable, { headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } });
    }
  }
}
