import { ValidateIf } from 'class-validator';
import {
  CONSUMER_GROUPS,
  IsEmailAddress,
  TOPICS,
  TOPIC_PARTITIONS,
  deadLetterTopic,
} from '@handcheck/contracts';
import {
  GrpcEnv,
  IntSetting,
  IsListenPort,
  TextSetting,
  TopicSetting,
  type TopicSpec,
} from '@handcheck/server-kit';
import { SERVICES } from '@handcheck/service-registry';

/** Where referrals go when REFERRAL_INBOX is not set (development and tests only). */
export const DEV_REFERRAL_INBOX = 'referrals@handcheck.local';

export class ReferralEnv extends GrpcEnv {
  override PORT = SERVICES.referral.httpPort;

  /** gRPC (ListFailedReferrals, RetryReferral), for the gateway's admin routes. 0 picks a free port (tests). */
  @IsListenPort()
  GRPC_PORT = SERVICES.referral.grpcPort ?? 0;

  /**
   * The specialist inbox every referral is mailed to. Required in production: there is no
   * sensible default for where patients' details go.
   */
  @ValidateIf((env: ReferralEnv) => env.NODE_ENV === 'production' || env.REFERRAL_INBOX !== '')
  @IsEmailAddress({
    message: '$property must be the specialist inbox address (required in production)',
  })
  REFERRAL_INBOX = '';

  /** Sends tried per referral before it is marked failed and dead-lettered. */
  @IntSetting({ min: 1, max: 20 })
  REFERRAL_MAX_ATTEMPTS = 5;

  /** First wait after a failed send; doubled each time (1 s, 2 s, 4 s, … at most 5 minutes). */
  @IntSetting({ min: 10, max: 60_000 })
  REFERRAL_RETRY_BASE_MS = 1000;

  /**
   * Confirmations one patient address (its mailbox) is sent on a day (UTC), whoever sent the
   * referrals: past it the specialist still gets each one, the patient no copy. Three leave
   * room for a patient who sends again after a typo or for another family member.
   */
  @IntSetting({ min: 1, max: 100 })
  REFERRAL_CONFIRMATIONS_PER_DAY = 3;

  /** Referrals (patients' names, addresses, locations, symptoms) are deleted after this many days. */
  @IntSetting({ min: 1, max: 3650 })
  REFERRAL_RETENTION_DAYS = 90;

  /** The topic referrals are read from (its dead-letter twin is `<topic>.dlq`); tests isolate themselves with their own. */
  @TopicSetting()
  REFERRAL_TOPIC: string = TOPICS.referralsRequested;

  @TextSetting()
  REFERRAL_CONSUMER_GROUP: string = CONSUMER_GROUPS.referral;

  /** The configured inbox, or the development default. */
  get referralInbox(): string {
    return this.REFERRAL_INBOX || DEV_REFERRAL_INBOX;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The referral topic and its dead-letter twin, as the service creates them at start. The
 * dead-letter topic holds whole referrals (personal data), so it keeps them no longer than
 * the referrals themselves are kept (REFERRAL_RETENTION_DAYS, its retention.ms), and one
 * that exists with another retention is corrected at start.
 */
export function referralTopics(env: ReferralEnv): TopicSpec[] {
  return [
    { topic: env.REFERRAL_TOPIC, partitions: TOPIC_PARTITIONS[TOPICS.referralsRequested] },
    {
      topic: deadLetterTopic(env.REFERRAL_TOPIC),
      partitions: 1,
      retentionMs: env.REFERRAL_RETENTION_DAYS * DAY_MS,
    },
  ];
}
