import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { LeasesRepository } from '@handcheck/server-kit';
import { ReferralEnv } from '../config/referral.env';
import { ConfirmationSlotsRepository } from './confirmation-slots.repository';
import { DeadLettersRepository } from './dead-letters.repository';
import { ReferralsRepository } from './referrals.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Personal data is kept no longer than REFERRAL_RETENTION_DAYS: every hour, referrals
 * created before then are deleted (whatever their status), and their dead letters, lease
 * claims and confirmation slots with them (the dead-letter topic's own retention.ms is the same, see
 * referralTopics). Deleting is idempotent, so every replica may run it.
 */
@Injectable()
export class ReferralPurge {
  private readonly logger = new Logger('ReferralPurge');

  constructor(
    private readonly referrals: ReferralsRepository,
    private readonly deadLetters: DeadLettersRepository,
    private readonly leases: LeasesRepository,
    private readonly confirmations: ConfirmationSlotsRepository,
    private readonly env: ReferralEnv,
  ) {}

  @Cron(CronExpression.EVERY_HOUR, { name: 'referral-purge' })
  async scheduled(): Promise<void> {
    try {
      await this.purge();
    } catch (error) {
      this.logger.error({ err: error }, 'Referral purge failed; tried again next hour');
    }
  }

  /** Deletes what is past retention; returns how many referrals went. */
  async purge(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - this.env.REFERRAL_RETENTION_DAYS * DAY_MS);
    const deleted = await this.referrals.deleteCreatedBefore(before);
    // What the admin is shown of failures goes with them (it carries no personal data, but is no use longer).
    const deadLetters = await this.deadLetters.deleteCreatedBefore(before);
    await this.leases.deleteClaimsBefore(before);
    await this.confirmations.deleteCreatedBefore(before);
    if (deleted + deadLetters > 0) {
      this.logger.log({ deleted, deadLetters, before }, 'Referrals past retention deleted');
    }
    return deleted;
  }
}
