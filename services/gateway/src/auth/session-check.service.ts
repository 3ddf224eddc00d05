import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';
import { SESSION_CHECK_CACHE_MS } from './auth.constants';
import { AdminUsersRepository } from './admin-users.repository';
import { AdminSession } from './schemas/admin-session.schema';

/** At most this many families are remembered; the oldest look is dropped first. */
const MAX_CACHED = 10_000;

interface Look {
  active: boolean;
  until: number;
}

/**
 * Whether a sign-in (a session family) still stands: not revoked, not past its 12 hours, and
 * its admin still in the store. Asked on every admin request, so the answer is kept a few
 * seconds in this process (SESSION_CHECK_CACHE_MS): a revocation made on another replica, or
 * an admin deleted straight from MongoDB, holds everywhere within that time; one made here
 * is forgotten from the cache at once.
 */
@Injectable()
export class SessionCheck {
  private readonly looks = new Map<string, Look>();

  constructor(
    @InjectModel(AdminSession.name) private readonly sessions: Model<AdminSession>,
    private readonly users: AdminUsersRepository,
  ) {}

  async isActive(familyId: string, userId: string, now = Date.now()): Promise<boolean> {
    const cached = this.looks.get(familyId);
    if (cached && cached.until > now) return cached.active;
    const active = await this.lookUp(familyId, userId, now);
    this.looks.delete(familyId);
    this.looks.set(familyId, { active, until: now + SESSION_CHECK_CACHE_MS });
    while (this.looks.size > MAX_CACHED) {
      this.looks.delete(this.looks.keys().next().value as string);
    }
    return active;
  }

  /** A revocation made by this process: no waiting for the cache here. */
  forget(familyId: string): void {
    this.looks.delete(familyId);
  }

  private async lookUp(familyId: string, userId: string, now: number): Promise<boolean> {
    // Both by `_id`: the lookups FerretDB answers from an index.
    const family = await this.sessions.findById(familyId).lean();
    if (!family || family.revokedAt || family.expiresAt.getTime() <= now) return false;
    if (family.userId !== userId) return false;
    return this.users.exists(userId);
  }
}
