import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';
import { LeasesRepository, backoffDelay, isDuplicateKey, isHeld } from '@handcheck/server-kit';
import { ReportRun } from './report-run.schema';

export interface ClaimRequest {
  key: string;
  recipients: string[];
  now: Date;
  leaseMs: number;
  maxAttempts: number;
}

/** `claimed` (a new run) or `taken-over` (one whose lease ran out, or that failed) means: this replica sends. */
export type ClaimOutcome = 'claimed' | 'taken-over' | 'sent' | 'leased' | 'exhausted';

/** The first wait after a failed attempt: 30 s, doubling each time, at most the lease. */
const FIRST_RETRY_MS = 30_000;

/** The mail's Message-ID, from the period key: a resend after a crash is recognisably the same mail. */
export function runMessageId(key: string, domain = 'handcheck.local'): string {
  return `<${key.replace(/[^A-Za-z0-9.-]/g, '.')}@${domain}>`;
}

/** The weekly runs (collection report_runs), one per period, each leased to the replica that sends it. */
@Injectable()
export class ReportRunsRepository {
  constructor(
    @InjectModel(ReportRun.name) private readonly runs: Model<ReportRun>,
    private readonly leases: LeasesRepository,
  ) {}

  /** This process, as runs name their holder. */
  get owner(): string {
    return this.leases.owner;
  }

  /** Takes the period's run for this replica, a new one or one nobody holds; or says why not. */
  async claim({ key, recipients, now, leaseMs, maxAttempts }: ClaimRequest): Promise<ClaimOutcome> {
    try {
      await this.runs.create({
        _id: key,
        status: 'running',
        recipients,
        ...this.leases.firstLease(leaseMs, now),
      });
      return 'claimed';
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const existing = await this.find(key);
    if (!existing) return 'leased';
    if (existing.status === 'sent') return 'sent';
    if (existing.attempts >= maxAttempts) return 'exhausted';
    if (isHeld(existing, now)) return 'leased';
    const taken = await this.leases.takeOver(this.runs, {
      current: existing,
      where: { _id: key, status: { $in: ['running', 'failed'] } },
      key,
      set: { status: 'running', recipients },
      leaseMs,
      now,
    });
    return taken ? 'taken-over' : 'leased';
  }

  /** Records the sent mail; false when this replica had lost the run meanwhile. */
  async markSent(key: string, messageId: string, now = new Date()): Promise<boolean> {
    const result = await this.runs
      .updateOne(
        { _id: key, lease_owner: this.owner, status: 'running' },
        { $set: { status: 'sent', message_id: messageId, sent_at: now } },
      )
      .exec();
    return result.matchedCount === 1;
  }

  /** Records a failed attempt; no replica takes the run again before the backoff has passed. */
  async markFailed(key: string, error: unknown, leaseMs: number, now = new Date()): Promise<void> {
    const run = await this.find(key);
    const message = error instanceof Error ? error.message : String(error);
    const wait = backoffDelay((run?.attempts ?? 1) - 1, {
      firstMs: FIRST_RETRY_MS,
      maxMs: leaseMs,
    });
    await this.runs
      .updateOne(
        { _id: key, lease_owner: this.owner, status: 'running' },
        {
          $set: { status: 'failed', lease_until: new Date(now.getTime() + wait) },
          $push: { failures: { at: now, owner: this.owner, message: message.slice(0, 500) } },
        },
      )
      .exec();
  }

  /** When the newest sent run went out; null before the first. */
  async lastSentAt(): Promise<Date | null> {
    const run = await this.runs
      .findOne({ status: 'sent' }, { sent_at: 1 })
      .sort({ sent_at: -1 })
      .lean<Pick<ReportRun, 'sent_at'>>()
      .exec();
    return run?.sent_at ?? null;
  }

  find(key: string): Promise<ReportRun | null> {
    return this.runs.findById(key).lean<ReportRun>().exec();
  }
}
