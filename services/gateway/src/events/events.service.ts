import { Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { TOPICS, AnalyticsEventSchema, toBinary } from '@handcheck/contracts';
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
    const messages = events.map((event) => {
      const message = toAnalyticsEvent(event, context);
      return {
        key: message.sessionId,
        value: Buffer.from(toBinary(AnalyticsEventSchema, message)),
        headers: { 'event-id': message.eventId },
      };
    });
    try {
      await this.kafka.batching.send(TOPICS.analyticsEvents, messages);
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
