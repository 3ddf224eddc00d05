import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';
import { DeadLetter, type DeadLetterKind } from './dead-letter.schema';

export interface DeadLetterEntry {
  kind: DeadLetterKind;
  referralId: string | null;
  /** `<topic>/<partition>/<offset>` (kept from the first time only). */
  source: string;
  reason: string;
  attempts: number;
}

/** The key a dead letter is kept under (see DeadLetter._id). */
export function deadLetterKey(entry: Pick<DeadLetterEntry, 'kind' | 'referralId' | 'source'>) {
  return entry.kind === 'mail' && entry.referralId
    ? `referral:${entry.referralId}`
    : `message:${entry.source}`;
}

/** The `referral_dead_letters` collection: what the admin sees of referrals that did not go out. */
@Injectable()
export class DeadLettersRepository {
  constructor(@InjectModel(DeadLetter.name) private readonly deadLetters: Model<DeadLetter>) {}

  /** Keeps (or, when it failed before, updates) a dead letter; idempotent per key. Returns the key. */
  async record(entry: DeadLetterEntry, now = new Date()): Promise<string> {
    const key = deadLetterKey(entry);
    await this.deadLetters
      .updateOne(
        { _id: key },
        {
          $set: {
            kind: entry.kind,
            referral_id: entry.referralId,
            reason: entry.reason,
            attempts: entry.attempts,
            failed_at: now,
          },
          // Where it was first dead-lettered; a retry that fails again keeps it.
          $setOnInsert: { created_at: now, source: entry.source },
        },
        { upsert: true, timestamps: false },
      )
      .exec();
    return key;
  }

  /** A referral sent after all: no longer failed. */
  async resolveReferral(referralId: string): Promise<void> {
    await this.deadLetters.deleteOne({ _id: `referral:${referralId}` }).exec();
  }

  count(): Promise<number> {
    return this.deadLetters.countDocuments({}).exec();
  }

  /** The newest first. */
  latest(limit: number): Promise<DeadLetter[]> {
    return this.deadLetters
      .find({})
      .sort({ failed_at: -1, _id: 1 })
      .limit(limit)
      .lean<DeadLetter[]>()
      .exec();
  }

  /** Deletes those created before `before`; returns how many. */
  async deleteCreatedBefore(before: Date): Promise<number> {
    const result = await this.deadLetters.deleteMany({ created_at: { $lt: before } }).exec();
    return result.deletedCount;
  }
}
