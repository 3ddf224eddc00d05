import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  type ReferralBody,
  ReferralRequestedSchema,
  fromJson,
  toBinary,
} from '@handcheck/contracts';
import { KafkaService, Metrics, withTimeout } from '@handcheck/server-kit';
import { GatewayEnv } from '../config/gateway.env';

/** Kafka did not acknowledge the referral in time: nothing was promised to the visitor. */
export class ReferralNotPublished extends Error {}

/**
 * Publishes each referral as a protobuf ReferralRequested and resolves only once Kafka
 * has acknowledged it from every in-sync replica (acks -1): a plain producer, not the
 * analytics buffer, because a referral must never be answered "sent" and then lost.
 */
@Injectable()
export class ReferralsService {
  private readonly logger = new Logger('Referrals');
  private readonly producer;
  private readonly published;

  constructor(
    kafka: KafkaService,
    private readonly env: GatewayEnv,
    metrics: Metrics,
  ) {
    this.producer = kafka.producer();
    this.published = metrics.counter({
      name: 'gateway_referrals_total',
      help: 'Referral requests by outcome (published, unavailable, limited)',
      labelNames: ['outcome'],
    });
  }

  count(outcome: 'published' | 'unavailable' | 'limited'): void {
    this.published.inc({ outcome });
  }

  /** Resolves with the referral id once Kafka has it; throws ReferralNotPublished otherwise. */
  async publish(request: ReferralBody, now = new Date()): Promise<string> {
    const id = randomUUID();
    // The body's fields are the message's proto field names: protobuf's JSON mapping is the
    // only mapping between them.
    const message = fromJson(ReferralRequestedSchema, {
      ...request,
      id,
      requested_at: now.toISOString(),
    });
    const timeoutMs = this.env.REFERRAL_PUBLISH_TIMEOUT_MS;
    try {
      await withTimeout(
        this.producer.send(
          this.env.REFERRAL_TOPIC,
          [{ key: id, value: Buffer.from(toBinary(ReferralRequestedSchema, message)) }],
          { acks: -1, timeoutMs },
        ),
        timeoutMs,
        'Kafka',
      );
    } catch (error) {
      this.count('unavailable');
      // The id only: never the patient's details.
      this.logger.warn({ referralId: id, err: error }, 'Referral not published');
      throw new ReferralNotPublished(error instanceof Error ? error.message : String(error));
    }
    this.count('published');
    return id;
  }
}
