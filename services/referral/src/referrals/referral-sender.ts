import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  ReferralRequestedSchema,
  TOPICS,
  TOPIC_PARTITIONS,
  fromBinary,
} from '@handcheck/contracts';
import {
  type ConsumedMessage,
  type ConsumerContext,
  KafkaService,
  Mailer,
  Metrics,
} from '@handcheck/server-kit';
import { ReferralEnv } from '../config/referral.env';
import { type ReferralRequest, decodeReferral } from './referral-message';
import { TEMPLATES, referralMailData, referralMessageId } from './referral-mails';
import { type MailKind, ReferralsRepository, sentField } from './referrals.repository';
import { type Referral } from './referral.schema';
import { DeadLettersRepository } from './dead-letters.repository';

/** What the admin's retry did (see RetryReferral in referral.proto). */
export type RetryResult =
  | { outcome: 'sent' | 'already_sent' }
  | { outcome: 'failed'; reason: string }
  | { outcome: 'not_found' | 'busy' };

/**
 * How long a claim on a referral lasts. Longer than the worst send of both mails
 * (nodemailer gives up on a relay after 10 s to connect and 30 s of silence, per mail),
 * so a worker that is still sending never loses its claim; a worker that crashed
 * holds it at most this long.
 */
export const LEASE_MS = 120_000;
/** The longest wait between two tries. */
const MAX_RETRY_DELAY_MS = 300_000;

/** Where a message was, as dead letters are kept under. */
function sourceOf(message: ConsumedMessage, context: ConsumerContext): string {
  return `${context.topic}/${context.partition}/${message.offset}`;
}

/** Thrown to leave a message uncommitted (the consumer is stopping or someone else holds it). */
class NotNow extends Error {}

/** A relay's 5xx answer: the mail will never be accepted as it is; retrying cannot help. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The referral id of a message that was refused, when it is a ReferralRequested at all
 * and its id is a UUID (anything else in it is not looked at, nor kept): so that a
 * dead letter can be logged and listed with it.
 */
export function referralIdOf(value: Buffer | null): string | null {
  if (!value || value.length === 0) return null;
  try {
    const id = fromBinary(ReferralRequestedSchema, value).id;
    return UUID.test(id) ? id.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** Says what went wrong without any address in it (nodemailer may quote recipients). */
export function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/[^\s<>@]+@[^\s<>@]+/g, '<address>').slice(0, 500);
}

/**
 * Consumes referrals.requested.v1 one message at a time per partition, its partitions
 * side by side (each referral has its own claim): keeps each referral, mails the
 * specialist inbox and the patient once each, retries the relay with backoff, and
 * dead-letters what cannot be read or cannot be sent. Logs carry the referral id only,
 * never a patient's name, address or location.
 */
@Injectable()
export class ReferralSender implements OnApplicationBootstrap {
  private readonly logger = new Logger('Referrals');
  private readonly producer;
  private readonly deadLetters;
  private readonly outcomes;
  /** Referrals being handled in this process, by id (see oneAtATime). */
  private readonly inHand = new Map<string, Promise<void>>();

  constructor(
    private readonly kafka: KafkaService,
    private readonly mailer: Mailer,
    private readonly referrals: ReferralsRepository,
    private readonly deadLetterRecords: DeadLettersRepository,
    private readonly env: ReferralEnv,
    metrics: Metrics,
  ) {
    this.producer = kafka.producer();
    this.deadLetters = metrics.counter({
      name: 'referral_dead_letters_total',
      help: 'Referral messages sent to the dead-letter topic, by reason',
      labelNames: ['reason'],
    });
    this.outcomes = metrics.counter({
      name: 'referral_outcomes_total',
      help: 'Referrals handled, by outcome (sent, failed, duplicate)',
      labelNames: ['outcome'],
    });
    const records = deadLetterRecords;
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

  get deadLetterTopic(): string {
    return `${this.env.REFERRAL_TOPIC}.dlq`;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.kafka.messageConsumer(
      {
        groupId: this.env.REFERRAL_CONSUMER_GROUP,
        topic: this.env.REFERRAL_TOPIC,
        // Each referral has its own claim, so partitions can be mailed side by side.
        concurrentPartitions: TOPIC_PARTITIONS[TOPICS.referralsRequested],
      },
      (message, context) => this.handle(message, context),
    );
  }

  async handle(message: ConsumedMessage, context: ConsumerContext): Promise<void> {
    const decoded = decodeReferral(message.value);
    if (!decoded.ok) {
      const referralId = referralIdOf(message.value);
      const reason = describe(decoded.reason);
      // Kept before it is dead-lettered: should this fail, the message is redelivered.
      const deadLetter = await this.deadLetterRecords.record({
        kind: 'unreadable',
        referralId,
        source: sourceOf(message, context),
        reason,
        attempts: 0,
      });
      await this.deadLetter(message, decoded.reason, 'invalid');
      this.logger.error(
        { deadLetter, referralId, offset: message.offset, reason },
        'Referral message dead-lettered',
      );
      return;
    }
    const request = decoded.referral;
    await this.oneAtATime(request.id, () => this.mail(request, message, context));
  }

  /**
   * Partitions are handled at once, so two messages of one referral (published twice
   * under different keys) could be in hand together: in this process they take turns.
   * Between processes the claim decides.
   */
  private async oneAtATime(id: string, work: () => Promise<void>): Promise<void> {
    const before = this.inHand.get(id) ?? Promise.resolve();
    const current = before.then(work);
    const settled = current.then(
      () => undefined,
      () => undefined,
    );
    this.inHand.set(id, settled);
    try {
      await current;
    } finally {
      if (this.inHand.get(id) === settled) this.inHand.delete(id);
    }
  }

  private async mail(
    request: ReferralRequest,
    message: ConsumedMessage,
    context: ConsumerContext,
  ): Promise<void> {
    const id = request.id;
    // A new referral is stored claimed by us (one insert); null when it was stored before.
    let claimed = await this.referrals.recordClaimed(request, LEASE_MS);
    for (;;) {
      if (!claimed) {
        const stored = await this.referrals.find(id);
        if (!stored) throw new Error(`Referral ${id} exists but cannot be read back`);
        if (stored.status === 'sent') return this.alreadySent(id);
        if (stored.status === 'failed') {
          // Already given up on and dead-lettered; a redelivery changes nothing.
          this.logger.log({ referralId: id }, 'Referral already failed; nothing to do');
          return;
        }
        claimed = await this.referrals.claim(id, LEASE_MS);
        if (!claimed) throw new NotNow(`Referral ${id} is being sent by another worker`);
      }
      const error = await this.sendMails(claimed);
      if (error === undefined) {
        this.outcomes.inc({ outcome: 'sent' });
        this.logger.log({ referralId: id, attempts: claimed.attempts }, 'Referral mailed');
        return;
      }
      const reason = describe(error);
      if (isPermanent(error) || claimed.attempts >= this.env.REFERRAL_MAX_ATTEMPTS) {
        const why = `mail not sent after ${claimed.attempts} attempt(s): ${reason}`;
        // Kept before it is dead-lettered and marked: should this fail, the message is redelivered.
        await this.deadLetterRecords.record({
          kind: 'mail',
          referralId: id,
          source: sourceOf(message, context),
          reason: why,
          attempts: claimed.attempts,
        });
        await this.deadLetter(message, why, 'mail');
        await this.referrals.markFailed(claimed, reason);
        this.outcomes.inc({ outcome: 'failed' });
        this.logger.error(
          { referralId: id, attempts: claimed.attempts, reason },
          'Referral failed',
        );
        return;
      }
      await this.referrals.release(claimed, reason);
      const wait = Math.min(
        this.env.REFERRAL_RETRY_BASE_MS * 2 ** (claimed.attempts - 1),
        MAX_RETRY_DELAY_MS,
      );
      this.logger.warn(
        { referralId: id, attempts: claimed.attempts, retryInMs: wait, reason },
        'Referral mail failed; retrying',
      );
      claimed = null;
      await this.pause(wait, context);
    }
  }

  /**
   * The admin's retry of a failed referral: claims it (only one retry at a time wins) and
   * sends the mails not sent yet, with their usual Message-IDs, so a retry never mails
   * twice. Once, no backoff: the admin sees the answer and may try again.
   */
  async retry(id: string): Promise<RetryResult> {
    const claimed = await this.referrals.claimFailed(id, LEASE_MS);
    if (!claimed) {
      const stored = await this.referrals.find(id);
      if (!stored) return { outcome: 'not_found' };
      if (stored.status === 'sent') {
        await this.deadLetterRecords.resolveReferral(id);
        return { outcome: 'already_sent' };
      }
      return { outcome: 'busy' };
    }
    let error: unknown;
    try {
      error = await this.sendMails(claimed);
    } catch (markError) {
      // A mark was not written: leave it failed (a mail it sent is not sent again, see its Message-ID).
      error = markError;
    }
    if (error === undefined) {
      await this.deadLetterRecords.resolveReferral(id);
      this.outcomes.inc({ outcome: 'sent' });
      this.logger.log(
        { referralId: id, attempts: claimed.attempts },
        'Failed referral retried and mailed',
      );
      return { outcome: 'sent' };
    }
    const reason = describe(error);
    const why = `mail not sent after ${claimed.attempts} attempt(s): ${reason}`;
    await this.deadLetterRecords.record({
      kind: 'mail',
      referralId: id,
      source: 'retry',
      reason: why,
      attempts: claimed.attempts,
    });
    await this.referrals.markFailed(claimed, reason);
    this.outcomes.inc({ outcome: 'failed' });
    this.logger.error(
      { referralId: id, attempts: claimed.attempts, reason },
      'Referral retry failed',
    );
    return { outcome: 'failed', reason: why };
  }

  private alreadySent(id: string): void {
    this.outcomes.inc({ outcome: 'duplicate' });
    this.logger.log({ referralId: id }, 'Referral already sent; nothing to do');
  }

  /**
   * Sends each mail not yet sent, at once (over the mailer's pooled connections), and
   * marks each the moment the relay accepts it: the first with a mark of its own, the
   * last together with the referral sent, in one update of the referral. Resolves with
   * the relay's error when a mail was not accepted (any other accepted is marked first,
   * nothing is in flight after); throws when a mark could not be written.
   */
  private async sendMails(referral: Referral): Promise<unknown> {
    const data = referralMailData(referral, this.env.REFERRAL_RETENTION_DAYS);
    const mails: Array<{ kind: MailKind; to: string; replyTo?: string }> = [
      { kind: 'specialist', to: this.env.referralInbox, replyTo: referral.patient_email },
      { kind: 'patient', to: referral.patient_email },
    ];
    // When each mail went: those of earlier tries, then this one's as the relay accepts them.
    const sent: Partial<Record<MailKind, Date>> = {};
    for (const { kind } of mails) {
      const at = referral[sentField(kind)];
      if (at) sent[kind] = at;
    }
    const due = mails.filter((mail) => !sent[mail.kind]);
    if (due.length === 0) {
      // Both went in earlier tries that stopped before marking the referral sent.
      await this.referrals.markSent(referral, sent);
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
            rendered: this.mailer.render(template, data),
            messageId: referralMessageId(referral.id, mail.kind),
          });
        } catch (error) {
          refused ??= error;
          return;
        }
        const at = new Date();
        sent[mail.kind] = at;
        // The crash window: the relay has the mail and this line has not run yet (see README).
        if (Object.keys(sent).length === mails.length) {
          await this.referrals.markSent(referral, { ...sent });
        } else {
          await this.referrals.markMailSent(referral, mail.kind, at);
        }
      }),
    );
    const unmarked = marks.find((mark) => mark.status === 'rejected');
    if (unmarked) throw unmarked.reason;
    return refused;
  }

  private async deadLetter(message: ConsumedMessage, reason: string, kind: string): Promise<void> {
    await this.producer.send(
      this.deadLetterTopic,
      [
        {
          key: message.key,
          value: message.value,
          headers: {
            reason,
            'source-topic': this.env.REFERRAL_TOPIC,
            'source-offset': message.offset,
          },
        },
      ],
      { acks: -1 },
    );
    this.deadLetters.inc({ reason: kind });
  }

  /** Waits between tries, keeping the group membership alive; gives the message back when stopping. */
  private async pause(ms: number, context: ConsumerContext): Promise<void> {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (!context.isActive()) throw new NotNow('Stopping: the referral is left for redelivery');
      await context.heartbeat().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000, deadline - Date.now())));
    }
    if (!context.isActive()) throw new NotNow('Stopping: the referral is left for redelivery');
  }
}
