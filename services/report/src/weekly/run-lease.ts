// Exactly one weekly mail per period, however many replicas fire the schedule.
// The run record's id is the period key (weekly-report:2026-W48). The first
// replica to insert it owns the run for a lease; the others find it and stop.
// A run that has not finished when its lease expires (its replica crashed or
// hung) or that failed (the relay refused) may be claimed again by any
// replica, atomically, until it is sent or has used its attempts.

export type RunStatus = 'running' | 'sent' | 'failed';

export interface RunRecord {
  _id: string;
  status: RunStatus;
  /** Which replica holds (or last held) the run. */
  owner: string;
  /** Until when the owner may work undisturbed. */
  leaseExpiresAt: Date;
  /** How many times the run was claimed. */
  attempts: number;
  recipients: string[];
  messageId?: string;
  /** Every failed attempt, with the replica and the reason. */
  failures: { at: Date; owner: string; message: string }[];
  startedAt: Date;
  updatedAt: Date;
  sentAt?: Date;
}

export type ClaimDecision = 'claim' | 'sent' | 'leased' | 'exhausted';

/** What a replica may do with an existing record at `now`. */
export function claimDecision(
  record: Pick<RunRecord, 'status' | 'leaseExpiresAt' | 'attempts'>,
  now: Date,
  maxAttempts: number,
): ClaimDecision {
  if (record.status === 'sent') return 'sent';
  if (record.attempts >= maxAttempts) return 'exhausted';
  if (record.leaseExpiresAt.getTime() > now.getTime()) return 'leased';
  return 'claim';
}

/** The same rule as a MongoDB filter, for the atomic take-over (findOneAndUpdate). */
export function claimableFilter(key: string, now: Date, maxAttempts: number) {
  return {
    _id: key,
    status: { $in: ['running', 'failed'] },
    leaseExpiresAt: { $lte: now },
    attempts: { $lt: maxAttempts },
  };
}

/** A new record: claimed by `owner` until now + lease. */
export function newRun(
  key: string,
  owner: string,
  recipients: string[],
  now: Date,
  leaseMs: number,
): RunRecord {
  return {
    _id: key,
    status: 'running',
    owner,
    leaseExpiresAt: new Date(now.getTime() + leaseMs),
    attempts: 1,
    recipients,
    failures: [],
    startedAt: now,
    updatedAt: now,
  };
}

/** The update that claims an expired or failed run for `owner`. */
export function takeOverUpdate(owner: string, recipients: string[], now: Date, leaseMs: number) {
  return {
    $set: {
      status: 'running' as const,
      owner,
      recipients,
      leaseExpiresAt: new Date(now.getTime() + leaseMs),
      updatedAt: now,
    },
    $inc: { attempts: 1 },
  };
}

/**
 * After a failed attempt, the next one may start after this delay (doubling,
 * at most the lease), so a relay that is down is not hammered every tick.
 */
export function retryAt(now: Date, attempts: number, leaseMs: number): Date {
  const delay = Math.min(leaseMs, 30_000 * 2 ** Math.max(0, attempts - 1));
  return new Date(now.getTime() + delay);
}

/** The mail's Message-ID, from the period key: a resend after a crash is recognisably the same mail. */
export function runMessageId(key: string, domain = 'handcheck.local'): string {
  return `<${key.replace(/[^A-Za-z0-9.-]/g, '.')}@${domain}>`;
}
