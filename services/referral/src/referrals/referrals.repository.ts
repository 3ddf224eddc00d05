import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';
import { type ReferralRequest } from './referral-message';
import { Referral } from './referral.schema';

export type MailKind = 'specialist' | 'patient';

const SENT_FIELD: Record<MailKind, 'specialist_sent_at' | 'patient_sent_at'> = {
  specialist: 'specialist_sent_at',
  patient: 'patient_sent_at',
};

export function sentField(kind: MailKind) {
  return SENT_FIELD[kind];
}

const isDuplicateKey = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: number }).code === 11000;

/** The `referrals` collection: every state change is one atomic update. */
@Injectable()
export class ReferralsRepository {
  constructor(@InjectModel(Referral.name) private readonly referrals: Model<Referral>) {}

  /**
   * Keeps the referral (once, however often it is delivered) and returns what is stored.
   * One insert for a new referral; a redelivered one meets the unique index and is read.
   */
  async record(request: ReferralRequest): Promise<Referral> {
    try {
      const created = await this.referrals.create({
        id: request.id,
        status: 'received',
        attempts: 0,
        requested_at: request.requestedAt,
        patient_name: request.patientName,
        patient_email: request.patientEmail,
        patient_location: request.patientLocation,
        top_conditions: request.topConditions,
        key_symptoms: request.keySymptoms,
        additional_info: request.additionalInfo,
      });
      return created.toObject<Referral>();
    } catch (error) {
      // Stored before (a redelivery, or another worker first): that record is the one.
      if (!isDuplicateKey(error)) throw error;
    }
    const stored = await this.find(request.id);
    if (!stored) throw new Error(`Referral ${request.id} exists but cannot be read back`);
    return stored;
  }

  find(id: string): Promise<Referral | null> {
    return this.referrals.findOne({ id }).lean<Referral>().exec();
  }

  /**
   * Takes the referral for sending: `received`, or `sending` whose owner's lease ran out
   * (it crashed). Null when it is sent, failed, or another worker holds it.
   */
  claim(id: string, leaseMs: number, now = new Date()): Promise<Referral | null> {
    return this.referrals
      .findOneAndUpdate(
        {
          id,
          $or: [{ status: 'received' }, { status: 'sending', lease_until: { $lt: now } }],
        },
        {
          $set: { status: 'sending', lease_until: new Date(now.getTime() + leaseMs) },
          $inc: { attempts: 1 },
        },
        { new: true },
      )
      .lean<Referral>()
      .exec();
  }

  /** Written the moment the relay accepted that mail. */
  async markMailSent(id: string, kind: MailKind): Promise<void> {
    await this.referrals.updateOne({ id }, { $set: { [sentField(kind)]: new Date() } }).exec();
  }

  async markSent(id: string): Promise<void> {
    await this.referrals
      .updateOne(
        { id },
        { $set: { status: 'sent', sent_at: new Date(), lease_until: null, last_error: null } },
      )
      .exec();
  }

  /** A failed try that will be tried again: back to `received`, the error kept. */
  async release(id: string, error: string): Promise<void> {
    await this.referrals
      .updateOne({ id }, { $set: { status: 'received', lease_until: null, last_error: error } })
      .exec();
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.referrals
      .updateOne(
        { id },
        { $set: { status: 'failed', failed_at: new Date(), lease_until: null, last_error: error } },
      )
      .exec();
  }

  /** Deletes every referral created before `before`; returns how many. */
  async deleteCreatedBefore(before: Date): Promise<number> {
    const result = await this.referrals.deleteMany({ created_at: { $lt: before } }).exec();
    return result.deletedCount;
  }
}
