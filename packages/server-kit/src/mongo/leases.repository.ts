import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type FilterQuery, type Model, type UpdateQuery } from 'mongoose';
import { LeaseClaim, type Leased } from './lease.schema';

/** MongoDB's (and FerretDB's) answer to an insert whose unique key is taken. */
export function isDuplicateKey(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000
  );
}

/** True while someone holds the lease (or it is held back for a retry); without one it is free. */
export function isHeld(lease: Pick<Leased, 'lease_until'>, now: Date): boolean {
  return lease.lease_until instanceof Date && lease.lease_until.getTime() > now.getTime();
}

export interface TakeOverRequest<T> {
  /** The document as last read: it is taken only while it still has these attempts. */
  current: Pick<Leased, 'attempts' | 'lease_until'>;
  /**
   * The document, and what else must still be true of it (its status, say). By `_id` where
   * possible: FerretDB reads the whole collection for any other filter.
   */
  where: FilterQuery<T>;
  /** The document's key, naming its claims. */
  key: string;
  /** Written together with the lease (the status it moves to, say). */
  set?: Partial<Omit<T, keyof Leased>>;
  leaseMs: number;
  now?: Date;
}

/**
 * Leases on documents of any collection (their Leased fields), for work that exactly one
 * worker may do at a time and that another takes over when its holder dies: a new
 * document is inserted already held (`firstLease`, one write); a stored one is taken over
 * once its lease has run out (`takeOver`, a claim and an update).
 */
@Injectable()
export class LeasesRepository {
  /** This process, as leases name their holder. */
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(@InjectModel(LeaseClaim.name) private readonly claims: Model<LeaseClaim>) {}

  /** The lease fields of a document inserted already held by this process: its first attempt. */
  firstLease(leaseMs: number, now = new Date()): Leased {
    return {
      attempts: 1,
      lease_owner: this.owner,
      lease_until: new Date(now.getTime() + leaseMs),
    };
  }

  /**
   * Takes the document for its next attempt, when nobody holds it: the attempt is claimed
   * with a unique insert (exactly one of the workers racing wins it), then the document is
   * moved to it, provided it is still as read. Null when it is held, another worker got
   * there first, or the document changed meanwhile.
   */
  async takeOver<T extends Leased>(
    model: Model<T>,
    request: TakeOverRequest<T>,
  ): Promise<T | null> {
    const now = request.now ?? new Date();
    if (isHeld(request.current, now)) return null;
    const until = new Date(now.getTime() + request.leaseMs);
    const name = `${model.collection.collectionName}:${request.key}`;
    const attempt = await this.claimAttempt(name, request.current.attempts + 1, until, now);
    if (attempt === null) return null;
    // Typed loosely: mongoose cannot check a filter or update of a generic document type.
    const taken = await model
      .findOneAndUpdate(
        { ...request.where, attempts: request.current.attempts } as FilterQuery<T>,
        {
          $set: { ...request.set, attempts: attempt, lease_owner: this.owner, lease_until: until },
        } as UpdateQuery<T>,
        { new: true },
      )
      .lean<T>()
      .exec();
    // Changed since it was read: the attempt claimed is free again for whoever reads it now.
    if (!taken) await this.claims.deleteOne({ _id: `${name}#${attempt}` }).exec();
    return taken;
  }

  /**
   * Claims attempt `attempt` of `name`, or a later one when the claimer of that one died
   * before taking the document (its claim has run out). Null when another holds it.
   */
  private async claimAttempt(
    name: string,
    attempt: number,
    until: Date,
    now: Date,
  ): Promise<number | null> {
    for (let next = attempt; ; next++) {
      try {
        await this.claims.create({ _id: `${name}#${next}`, owner: this.owner, expires_at: until });
        return next;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      const claim = await this.claims.findById(`${name}#${next}`).lean<LeaseClaim>().exec();
      // Gone meanwhile: its claimer gave it back, and may be taking it again.
      if (!claim || claim.expires_at.getTime() > now.getTime()) return null;
    }
  }

  /**
   * Deletes the claims whose lease ended before `before`; returns how many. A claim
   * matters only while its lease runs.
   */
  async deleteClaimsBefore(before: Date): Promise<number> {
    const result = await this.claims.deleteMany({ expires_at: { $lt: before } }).exec();
    return result.deletedCount;
  }
}
