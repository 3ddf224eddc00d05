import {
  type ListFailedReferralsResponse,
  type RetryReferralResponse,
  timestampDate,
} from '@handcheck/contracts';
import {
  FAILURE_KINDS,
  type FailedReferralsDto,
  RETRY_OUTCOMES,
  type RetryReferralDto,
} from './dto/failed-referrals.dto';

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

export function toFailedReferralsDto(answer: ListFailedReferralsResponse): FailedReferralsDto {
  return {
    total: answer.total,
    failed: answer.failed.map((item) => ({
      key: item.key,
      referralId: item.referralId ?? null,
      kind: oneOf(FAILURE_KINDS, item.kind, 'unreadable'),
      reason: item.reason,
      failedAt: item.failedAt ? timestampDate(item.failedAt).toISOString() : '',
      attempts: item.attempts,
    })),
  };
}

export function toRetryReferralDto(answer: RetryReferralResponse): RetryReferralDto {
  const outcome = oneOf(RETRY_OUTCOMES, answer.outcome, 'failed');
  return {
    success: outcome !== 'failed',
    outcome,
    error: outcome === 'failed' ? answer.reason || 'The mail could not be sent.' : null,
  };
}
