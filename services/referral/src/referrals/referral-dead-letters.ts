import { Injectable, Logger } from '@nestjs/common';
import {
  type ConsumedMessage,
  type ConsumerContext,
  type DeadLetterPublisher,
  KafkaService,
  Metrics,
} from '@handcheck/server-kit';
import { DeadLettersRepository } from './dead-letters.repository';

/** Says what went wrong without any address in it (nodemailer may quote recipients). */
export function withoutAddresses(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/[^\s<>@]+@[^\s<>@]+/g, '<address>').slice(0, 500);
}

/** Where a message was, as dead letters are kept under. */
function sourceOf(message: ConsumedMessage, context: ConsumerContext): string {
  return `${context.topic}/${context.partition}/${message.offset}`;
}

/**
 * What did not go out: each dead letter is kept in MongoDB for the admin (listed and
 * counted on /metrics until retried or past retention) and, for a consumed message,
 * published to the topic's dead-letter twin. Kept first: should publishing fail, the
 * message is redelivered and kept again under the same key.
 */
@Injectable()
export class ReferralDeadLetters {
  private readonly logger = new Logger('Referrals');
  private readonly publisher: DeadLetterPublisher;

  constructor(
    kafka: KafkaService,
    private readonly records: DeadLettersRepository,
    metrics: Metrics,
  ) {
    this.publisher = kafka.deadLetterPublisher(
      metrics.counter({
        name: 'referral_dead_letters_total',
        help: 'Referral messages sent to the dead-letter topic, by reason',
        labelNames: ['reason'],
      }),
    );
    const logger = this.logger;
    metrics.gauge({
      name: 'referral_dead_letters_kept',
      help: 'Dead-lettered referrals and unreadable referral messages kept in MongoDB for the admin (until retried or past retention)',
      async collect() {
        try {
          this.set(await records.count());
        } catch (error) {
          // The scrape still answers; the gauge keeps its last value.
          logger.warn({ err: error }, 'Could not count the kept dead letters');
        }
      },
    });
  }

  /** A message that is not a referral we can mail (its referral id when it has one). */
  async unreadable(
    message: ConsumedMessage,
    context: ConsumerContext,
    { reason: problem, referralId }: { reason: string; referralId: string | null },
  ): Promise<void> {
    const reason = withoutAddresses(problem);
    const deadLetter = await this.records.record({
      kind: 'unreadable',
      referralId,
      source: sourceOf(message, context),
      reason,
      attempts: 0,
    });
    await this.publisher.send(context, [{ ...message, reason }], { reason: 'invalid' });
    this.logger.error(
      { deadLetter, referralId, offset: message.offset, reason },
      'Referral message dead-lettered',
    );
  }

  /** A referral given up on: the relay refused its mail for good, or it ran out of attempts. */
  async mailFailed(
    message: ConsumedMessage,
    context: ConsumerContext,
    referral: { id: string; attempts: number },
    reason: string,
  ): Promise<void> {
    await this.records.record({
      kind: 'mail',
      referralId: referral.id,
      source: sourceOf(message, context),
      reason,
      attempts: referral.attempts,
    });
    await this.publisher.send(context, [{ ...message, reason }], { reason: 'mail' });
  }

  /** A failed referral that the admin's retry could not send either: kept, not published again. */
  async retryFailed(referral: { id: string; attempts: number }, reason: string): Promise<void> {
    await this.records.record({
      kind: 'mail',
      referralId: referral.id,
      source: 'retry',
      reason,
      attempts: referral.attempts,
    });
  }

  /** A referral sent after all: no longer shown as failed. */
  resolved(referralId: string): Promise<void> {
    return this.records.resolveReferral(referralId);
  }
}
