import { Controller } from '@nestjs/common';
import { GrpcMethod, RpcException } from '@nestjs/microservices';
import type { MessageInitShape } from '@bufbuild/protobuf';
import { status } from '@grpc/grpc-js';
import {
  type ListFailedReferralsRequest,
  type ListFailedReferralsResponseSchema,
  type RetryReferralRequest,
  type RetryReferralResponseSchema,
  timestampFromDate,
} from '@handcheck/contracts';
import { type DeadLetter } from './dead-letter.schema';
import { DeadLettersRepository } from './dead-letters.repository';
import { ReferralMailing } from './referral-mailing';
import { UUID } from './referral-message';

type ListAnswer = MessageInitShape<typeof ListFailedReferralsResponseSchema>;
type RetryAnswer = MessageInitShape<typeof RetryReferralResponseSchema>;

export const DEFAULT_LIST_LIMIT = 20;
export const MAX_LIST_LIMIT = 100;

/** ReferralService over gRPC, for the gateway's admin routes: what did not go out, and sending it again. */
@Controller()
export class FailedReferralsController {
  constructor(
    private readonly deadLetters: DeadLettersRepository,
    private readonly mailing: ReferralMailing,
  ) {}

  @GrpcMethod('ReferralService', 'ListFailedReferrals')
  async listFailedReferrals(request: ListFailedReferralsRequest): Promise<ListAnswer> {
    const limit = Math.min(request.limit || DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT);
    const [total, latest] = await Promise.all([
      this.deadLetters.count(),
      this.deadLetters.latest(limit),
    ]);
    return { total, failed: latest.map(toMessage) };
  }

  @GrpcMethod('ReferralService', 'RetryReferral')
  async retryReferral(request: RetryReferralRequest): Promise<RetryAnswer> {
    if (!UUID.test(request.referralId)) {
      throw new RpcException({
        code: status.INVALID_ARGUMENT,
        message: 'referral_id must be a UUID',
      });
    }
    const result = await this.mailing.retryFailed(request.referralId.toLowerCase());
    switch (result.outcome) {
      case 'not_found':
        throw new RpcException({
          code: status.NOT_FOUND,
          message: 'No failed referral has this id',
        });
      case 'busy':
        throw new RpcException({
          code: status.FAILED_PRECONDITION,
          message: 'This referral is being sent right now',
        });
      case 'failed':
        return { outcome: 'failed', reason: result.reason };
      default:
        return { outcome: result.outcome, reason: '' };
    }
  }
}

function toMessage(row: DeadLetter): NonNullable<ListAnswer['failed']>[number] {
  return {
    key: row.kind === 'mail' && row.referral_id ? row.referral_id : row.source,
    // Absent, not empty, when there is none (the proto's `optional`).
    ...(row.referral_id ? { referralId: row.referral_id } : {}),
    kind: row.kind,
    reason: row.reason,
    failedAt: timestampFromDate(row.failed_at),
    attempts: row.attempts,
  };
}
