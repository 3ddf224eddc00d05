import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type FilterQuery, type Model } from 'mongoose';
import { LeasesRepository, isDuplicateKey } from '@handcheck/server-kit';
import { type ReferralRequest } from './referral-message';
import { Referral, ReferralMail, type ReferralStatus } from './referral.schema';

export type MailKind = 'specialist' | 'patient';

const SENT_FIELD: Record<MailKind, 'specialist_sent_at' | 'patient_sent_at'> = {
  specialist: 'specialist_sent_at',
  patient: 'patient_sent_at',
};

export const MAIL_KINDS = Object.keys(SENT_FIELD) as MailKind[];

export function sentField(kind: MailKind) {
  return SENT_FIELD[kind];
}

const mailId = (referralId: string, kind: MailKind) => `${referralId}:${kind}`;

/**
 * Where a stored referral is: by `_id` (its UUID), as FerretDB reads and decodes every
 * document of the collection for any other filter; by `id` for one with an ObjectId `_id`.
 */
function where(referral: Pick<Referral, '_id' | 'id'>): FilterQuery<Referral> {
  return typeof referral._id === 'string' ? { _id: referral._id } : { id: referral.id };
}

/**
 * The `referrals` collection and its mail marks (`referral_mails`): every state change is
 * one atomic write, but a take-over, which claims the attempt first (LeasesRepository).
 */
@Injectable()
export class ReferralsRepository {
  constructor(
    @InjectModel(Referral.name) private readonly referrals: Model<Referral>,
    @InjectModel(ReferralMail.name) private readonly mails: Model<ReferralMail>,
    private readonly leases: LeasesRepository,
  ) {}

  /**
   * Keeps a new referral already claimed for sending (`sending`, its first lease): one
   * insert, and atomic, since of two inserts of the same referral (a redelivery, or two
   * workers) the unique `_id` and `id` let only one succeed. Null when it was stored
   * before: whoever handles it then must `claim` it.
   */
  async recordClaimed(
    request: ReferralRequest,
    leaseMs: number,
    now = new Date(),
  ): Promise<Referral | null> {
    try {
      const created = await this.referrals.create({
        ...request,
        _id: request.id,
        status: 'sending',
        ...this.leases.firstLease(leaseMs, now),
      });
      return created.toObject<Referral>();
    } catch (error) {
      // Stored before (a redelivery, or another worker first).
      if (isDuplicateKey(error)) return null;
      throw error;
    }
  }

  find(id: string): Promise<Referral | null> {
    return this.referrals.findOne({ id }).lean<Referral>().exec();
  }

  /**
   * Takes a stored referral for sending: `received`, or `sending` whose owner's lease ran
   * out (it crashed). Null when it is sent, failed, or another worker holds it. What it
   * returns counts a mail marked sent in `referral_mails` as sent.
   */
  claim(stored: Referral, leaseMs: number): Promise<Referral | null> {
    return this.takeOver(stored, ['received', 'sending'], leaseMs);
  }

  /** Takes a failed referral for sending again (the admin's retry); null when it is not failed. */
  claimFailed(stored: Referral, leaseMs: number): Promise<Referral | null> {
    return this.takeOver(stored, ['failed'], leaseMs);
  }

  private async takeOver(
    stored: Referral,
    from: ReferralStatus[],
    leaseMs: number,
  ): Promise<Referral | null> {
    const claimed = await this.leases.takeOver(this.referrals, {
      current: stored,
      where: { ...where(stored), status: { $in: from } },
      key: stored.id,
      set: { status: 'sending' },
      leaseMs,
    });
    return claimed && this.withMailMarks(claimed);
  }

  private async withMailMarks(claimed: Referral): Promise<Referral> {
    for (const kind of MAIL_KINDS) {
      if (claimed[sentField(kind)]) continue;
      // By `_id` alone: the one filter FerretDB does not answer by reading everything.
      const mark = await this.mails
        .findOne({ _id: mailId(claimed.id, kind) })
        .lean<ReferralMail>()
        .exec();
      if (mark) claimed[sentField(kind)] = mark.sent_at;
    }
    return claimed;
  }

  /**
   * Written the moment the relay accepted that mail, while the other is still on its way:
   * an insert of its own (see ReferralMail), so marking it again is harmless.
   */
  async markMailSent(referral: Referral, kind: MailKind, at = new Date()): Promise<void> {
    try {
      await this.mails.create({
        _id: mailId(referral.id, kind),
        referral_id: referral.id,
        sent_at: at,
      });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }

  /**
   * Written the moment the relay accepted the last mail: when each mail went (this try's
   * and earlier ones') and the referral sent, in one update.
   */
  async markSent(
    referral: Referral,
    mails: Partial<Record<MailKind, Date>> = {},
    now = new Date(),
  ): Promise<void> {
    const sent = Object.fromEntries(
      Object.entries(mails).map(([kind, at]) => [sentField(kind as MailKind), at]),
    );
    await this.referrals
      .updateOne(where(referral), {
        $set: { ...sent, status: 'sent', sent_at: now, lease_until: null, last_error: null },
      })
      .exec();
  }

  /** A failed try that will be tried again: back to `received`, the error kept. */
  async release(referral: Referral, error: string): Promise<void> {
    await this.referrals
      .updateOne(where(referral), {
        $set: { status: 'received', lease_until: null, last_error: error },
      })
      .exec();
  }

  async markFailed(referral: Referral, error: string): Promise<void> {
    await this.referrals
      .updateOne(where(referral), {
        $set: { status: 'failed', failed_at: new Date(), lease_until: null, last_error: error },
      })
      .exec();
  }

  /** Deletes every referral created before `before`, and their mail marks; returns how many referrals. */
  async deleteCreatedBefore(before: Date): Promise<number> {
    const result = await this.referrals.deleteMany({ created_at: { $lt: before } }).exec();
    await this.mails.deleteMany({ created_at: { $lt: before } }).exec();
    return result.deletedCount;
  }
}
