import { Injectable, Logger } from '@nestjs/common';
import {
  type KeepAlive,
  Mailer,
  Metrics,
  backoffDelay,
  waitWhileActive,
} from '@handcheck/server-kit';
import { ReferralEnv } from '../config/referral.env';
import { ConfirmationLimit } from './confirmation-limit';
import { ReferralDeadLetters, withoutAddresses } from './referral-dead-letters';
import { TEMPLATES, mailData, referralMessageId } from './referral-mails';
import { type ReferralRequest } from './referral-message';
import { type Referral } from './referral.schema';
import { MAIL_KINDS, type MailKind, ReferralsRepository, sentField } from './referrals.repository';

/**
 * How long a claim on a referral lasts. Longer than the worst send of both mails
 * (nodemailer gives up on a relay after 10 s to connect and 30 s of silence, per mail),
 * so a worker that is still sending never loses its claim; a worker that crashed
 * holds it at most this long.
 */
export const LEASE_MS = 120_000;
/** The longest wait between two tries. */
const MAX_RETRY_DELAY_MS = 300_000;

/** How mailing a referral ended. */
export type Mailed =
  | { outcome: 'sent' | 'already_sent' | 'already_failed' }
  /** Refused for good or out of attempts: to be dead-lettered, then marked failed (giveUp). */
  | { outcome: 'give_up'; referral: Referral; reason: string; why: string };

/** What the admin's retry did (see RetryReferral in referral.proto). */
export type RetryResult =
  | { outcome: 'sent' | 'already_sent' }
  | { outcome: 'failed'; reason: string }
  | { outcome: 'not_found' | 'busy' };

/** Thrown to leave a message uncommitted: another worker holds its referral. */
export class HeldByAnotherWorker extends Error {
  constructor(referralId: string) {
    super(`Referral ${referralId} is being sent by another worker`);
  }
}

/** A relay's 5xx answer: the mail will never be accepted as it is; retrying cannot help. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

const givenUpAfter = (attempts: number, reason: string) =>
  `mail not sent after ${attempts} attempt(s): ${reason}`;

/**
 * Mails each referral's two mails (the specialist inbox's and the patient's) exactly once:
 * claims the referral, sends what is not sent yet, and marks each mail the moment the
 * relay accepts it. Logs carry the referral id only, never a patient's name, address or
 * location.
 */
@Injectable()
export class ReferralMailing {
  private readonly logger = new Logger('Referrals');
  private readonly outcomes;
  private readonly withheld;

  constructor(
    private readonly mailer: Mailer,
    private readonly referrals: ReferralsRepository,
    private readonly deadLetters: ReferralDeadLetters,
    private readonly confirmations: ConfirmationLimit,
    private readonly env: ReferralEnv,
    metrics: Metrics,
  ) {
    this.outcomes = metrics.counter({
      name: 'referral_outcomes_total',
      help: 'Referrals handled, by outcome (sent, failed, duplicate)',
      labelNames: ['outcome'],
    });
    this.withheld = metrics.counter({
      name: 'referral_confirmations_withheld_total',
      help: "Patient confirmations not sent: their address had its day's confirmations",
    });
  }

  /**
   * Keeps a requested referral and mails it, retrying a refused mail with backoff while
   * `alive`. Throws HeldByAnotherWorker, or ConsumerStopped when `alive` ends.
   */
  async mail(request: ReferralRequest, alive: KeepAlive): Promise<Mailed> {
    const id = request.id;
    // A new referral is stored claimed by us (one insert); null when it was stored before.
    let claimed = await this.referrals.recordClaimed(request, LEASE_MS);
    for (;;) {
      if (!claimed) {
        const stored = await this.referrals.find(id);
        if (!stored) throw new Error(`Referral ${id} exists but cannot be read back`);
        if (stored.status === 'sent') {
          this.outcomes.inc({ outcome: 'duplicate' });
          this.logger.log({ referralId: id }, 'Referral already sent; nothing to do');
          return { outcome: 'already_sent' };
        }
        if (stored.status === 'failed') {
          // Already given up on and dead-lettered; a redelivery changes nothing.
          this.logger.log({ referralId: id }, 'Referral already failed; nothing to do');
          return { outcome: 'already_failed' };
        }
        claimed = await this.referrals.claim(stored, LEASE_MS);
        if (!claimed) throw new HeldByAnotherWorker(id);
      }
      const error = await this.sendMails(claimed);
      if (error === undefined) {
        this.outcomes.inc({ outcome: 'sent' });
        this.logger.log({ referralId: id, attempts: claimed.attempts }, 'Referral mailed');
        return { outcome: 'sent' };
      }
      const reason = withoutAddresses(error);
      if (isPermanent(error) || claimed.attempts >= this.env.REFERRAL_MAX_ATTEMPTS) {
        return {
          outcome: 'give_up',
          referral: claimed,
          reason,
          why: givenUpAfter(claimed.attempts, reason),
        };
      }
      await this.referrals.release(claimed, reason);
      const wait = backoffDelay(claimed.attempts - 1, {
        firstMs: this.env.REFERRAL_RETRY_BASE_MS,
        maxMs: MAX_RETRY_DELAY_MS,
      });
      this.logger.warn(
        { referralId: id, attempts: claimed.attempts, retryInMs: wait, reason },
        'Referral mail failed; retrying',
      );
      claimed = null;
      await waitWhileActive(wait, alive);
    }
  }

  /** Marks a referral given up on failed, once its dead letter is kept. */
  async giveUp({ referral, reason }: { referral: Referral; reason: string }): Promise<void> {
    await this.referrals.markFailed(referral, reason);
    this.outcomes.inc({ outcome: 'failed' });
    this.logger.error(
      { referralId: referral.id, attempts: referral.attempts, reason },
      'Referral failed',
    );
  }

  /**
   * The admin's retry of a failed referral: claims it (only one retry at a time wins) and
   * sends the mails not sent yet, with their usual Message-IDs, so a retry never mails
   * twice. Once, no backoff: the admin sees the answer and may try again.
   */
  async retryFailed(id: string): Promise<RetryResult> {
    const stored = await this.referrals.find(id);
    if (!stored) return { outcome: 'not_found' };
    if (stored.status === 'sent') {
      await this.deadLetters.resolved(id);
      return { outcome: 'already_sent' };
    }
    const claimed = await this.referrals.claimFailed(stored, LEASE_MS);
    if (!claimed) return { outcome: 'busy' };
    let error: unknown;
    try {
      error = await this.sendMails(claimed);
    } catch (markError) {
      // A mark was not written: leave it failed (a mail it sent is not sent again, see its Message-ID).
      error = markError;
    }
    if (error === undefined) {
      await this.deadLetters.resolved(id);
      this.outcomes.inc({ outcome: 'sent' });
      this.logger.log(
        { referralId: id, attempts: claimed.attempts },
        'Failed referral retried and mailed',
      );
      return { outcome: 'sent' };
    }
    const reason = withoutAddresses(error);
    const why = givenUpAfter(claimed.attempts, reason);
    await this.deadLetters.retryFailed(claimed, why);
    await this.giveUp({ referral: claimed, reason });
    return { outcome: 'failed', reason: why };
  }

  /**
   * Sends each mail not yet sent, at once (over the mailer's pooled connections), and
   * marks each the moment the relay accepts it: the first with a mark of its own, the
   * last together with the referral sent, in one update of the referral. The patient's
   * confirmation is left out when its address had its day's confirmations (ConfirmationLimit),
   * and the referral is sent with the specialist's mail alone. Resolves with
   * the relay's error when a mail was not accepted (any other accepted is marked first,
   * nothing is in flight after); throws when a mark could not be written.
   */
  private async sendMails(referral: Referral): Promise<unknown> {
    const mails: Array<{ kind: MailKind; to: string; replyTo?: string }> = [
      { kind: 'specialist', to: this.env.referralInbox, replyTo: referral.patient_email },
    ];
    if (referral.patient_sent_at || (await this.confirmations.allows(referral))) {
      mails.push({ kind: 'patient', to: referral.patient_email });
    }
    // When each mail went: those of earlier tries, then this one's as the relay accepts them.
    const sent: Partial<Record<MailKind, Date>> = {};
    for (const { kind } of mails) {
      const at = referral[sentField(kind)];
      if (at) sent[kind] = at;
    }
    const due = mails.filter((mail) => !sent[mail.kind]);
    if (due.length === 0) {
      // Both went in earlier tries that stopped before marking the referral sent.
      await this.markSent(referral, sent, mails.length);
      return undefined;
    }
    let refused: unknown;
    const marks = await Promise.allSettled(
      due.map(async (mail) => {
        const template = TEMPLATES[mail.kind];
        try {
          await this.mailer.send({
            to: mail.to,
            replyTo: mail.replyTo,
            template,
            rendered: this.mailer.render(
              template,
              mailData(mail.kind, referral, this.env.REFERRAL_RETENTION_DAYS),
            ),
            messageId: referralMessageId(referral.id, mail.kind),
          });
        } catch (error) {
          refused ??= error;
          return;
        }
        const at = new Date();
        sent[mail.kind] = at;
        // The crash window: the relay has the mail and this line has not run yet (see docs/referrals.md).
        if (Object.keys(sent).length === mails.length) {
          await this.markSent(referral, { ...sent }, mails.length);
        } else {
          await this.referrals.markMailSent(referral, mail.kind, at);
        }
      }),
    );
    const unmarked = marks.find((mark) => mark.status === 'rejected');
    if (unmarked) throw unmarked.reason;
    return refused;
  }

  /** The referral sent; said once when it went without the patient's confirmation. */
  private async markSent(
    referral: Referral,
    sent: Partial<Record<MailKind, Date>>,
    mails: number,
  ): Promise<void> {
    await this.referrals.markSent(referral, sent);
    if (mails < MAIL_KINDS.length) {
      this.withheld.inc();
      this.logger.log(
        { referralId: referral.id },
        "Patient confirmation withheld: its address had the day's confirmations",
      );
    }
  }
}
