import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TOPICS, TOPIC_PARTITIONS } from '@handcheck/contracts';
import { type ConsumedMessage, type ConsumerContext, KafkaService } from '@handcheck/server-kit';
import { ReferralEnv } from '../config/referral.env';
import { ReferralDeadLetters } from './referral-dead-letters';
import { ReferralMailing } from './referral-mailing';
import { decodeReferral } from './referral-message';

/**
 * Consumes referrals.requested.v1, one message at a time per partition and its partitions
 * side by side (each referral has its own claim): decodes each message, mails its
 * referral (ReferralMailing), and dead-letters what cannot be read or cannot be sent
 * (ReferralDeadLetters). A message is committed once its referral is sent or dead-lettered;
 * anything thrown leaves it for redelivery.
 */
@Injectable()
export class ReferralConsumer implements OnApplicationBootstrap {
  /** Per referral id, the work on it in progress in this process (see inTurn). */
  private readonly inProgress = new Map<string, Promise<void>>();

  constructor(
    private readonly kafka: KafkaService,
    private readonly mailing: ReferralMailing,
    private readonly deadLetters: ReferralDeadLetters,
    private readonly env: ReferralEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.kafka.messageConsumer(
      {
        groupId: this.env.REFERRAL_CONSUMER_GROUP,
        topic: this.env.REFERRAL_TOPIC,
        concurrentPartitions: TOPIC_PARTITIONS[TOPICS.referralsRequested],
      },
      (message, context) => this.handle(message, context),
    );
  }

  async handle(message: ConsumedMessage, context: ConsumerContext): Promise<void> {
    const decoded = decodeReferral(message.value);
    if (!decoded.ok) return this.deadLetters.unreadable(message, context, decoded);
    const request = decoded.referral;
    await this.inTurn(request.id, async () => {
      const mailed = await this.mailing.mail(request, context);
      if (mailed.outcome !== 'give_up') return;
      // Dead-lettered before it is marked failed: should either fail, the message is redelivered.
      await this.deadLetters.mailFailed(message, context, mailed.referral, mailed.why);
      await this.mailing.giveUp(mailed);
    });
  }

  /**
   * Runs `work` once the work on the same referral in this process is done: two messages
   * of one referral (published twice under different keys) may be in different partitions,
   * which are handled at once. Between processes the referral's lease decides.
   */
  private async inTurn(id: string, work: () => Promise<void>): Promise<void> {
    const current = (this.inProgress.get(id) ?? Promise.resolve()).then(work);
    const settled = current.then(
      () => undefined,
      () => undefined,
    );
    this.inProgress.set(id, settled);
    try {
      await current;
    } finally {
      if (this.inProgress.get(id) === settled) this.inProgress.delete(id);
    }
  }
}
