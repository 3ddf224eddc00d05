import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';
import { REPORT_RUN } from './report-run.schema';
import {
  type ClaimDecision,
  type RunRecord,
  claimDecision,
  claimableFilter,
  newRun,
  retryAt,
  takeOverUpdate,
} from './run-lease';

export interface ClaimRequest {
  key: string;
  owner: string;
  recipients: string[];
  now: Date;
  leaseMs: number;
  maxAttempts: number;
}

/** `claimed` (new record) or `taken-over` (an expired or failed run) means: this replica sends. */
export type ClaimOutcome = 'claimed' | 'taken-over' | Exclude<ClaimDecision, 'claim'>;

const DUPLICATE_KEY = 11000;

/** The run records in MongoDB (collection report_runs). */
@Injectable()
export class ReportRuns {
  constructor(@InjectModel(REPORT_RUN) private readonly runs: Model<RunRecord>) {}

  async claim(request: ClaimRequest): Promise<ClaimOutcome> {
    const { key, owner, recipients, now, leaseMs, maxAttempts } = request;
    try {
      await this.runs.collection.insertOne(newRun(key, owner, recipients, now, leaseMs) as never);
      return 'claimed';
    } catch (error) {
      if ((error as { code?: unknown }).code !== DUPLICATE_KEY) throw error;
    }
    const existing = await this.find(key);
    if (!existing) return 'leased';
    const decision = claimDecision(existing, now, maxAttempts);
    if (decision !== 'claim') return decision;
    // Of the replicas that find the lease expired, exactly one may take the next attempt:
    // its number is claimed with a unique insert, atomic on every MongoDB-compatible store
    // (FerretDB's findOneAndUpdate was seen to let two concurrent replicas both match).
    try {
      await this.runs.db
        .collection('report_run_claims')
        .insertOne({ _id: `${key}#${existing.attempts + 1}`, owner, claimedAt: now } as never);
    } catch (error) {
      if ((error as { code?: unknown }).code !== DUPLICATE_KEY) throw error;
      return 'leased';
    }
    const taken = await this.runs.collection.findOneAndUpdate(
      { ...claimableFilter(key, now, maxAttempts), attempts: existing.attempts } as never,
      takeOverUpdate(owner, recipients, now, leaseMs),
      { returnDocument: 'after' },
    );
    return taken ? 'taken-over' : 'leased';
  }

  /** Records the sent mail; false when this owner had lost the run meanwhile. */
  async markSent(
    key: string,
    owner: string,
    messageId: string,
    now = new Date(),
  ): Promise<boolean> {
    const result = await this.runs.collection.updateOne(
      { _id: key, owner, status: 'running' } as never,
      { $set: { status: 'sent', messageId, sentAt: now, updatedAt: now } },
    );
    return result.matchedCount === 1;
  }

  async markFailed(key: string, owner: string, error: unknown, leaseMs: number, now = new Date()) {
    const record = await this.find(key);
    const message = error instanceof Error ? error.message : String(error);
    await this.runs.collection.updateOne(
      { _id: key, owner, status: 'running' } as never,
      {
        $set: {
          status: 'failed',
          leaseExpiresAt: retryAt(now, record?.attempts ?? 1, leaseMs),
          updatedAt: now,
        },
        $push: { failures: { at: now, owner, message: message.slice(0, 500) } },
      } as never,
    );
  }

  find(key: string): Promise<RunRecord | null> {
    return this.runs.collection.findOne({ _id: key } as never) as Promise<RunRecord | null>;
  }
}
