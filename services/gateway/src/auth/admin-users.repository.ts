import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';
import { ADMIN_EXISTS } from './auth.constants';
import { hashPassword, normalizeEmail, passwordProblem } from './password';
import { AdminUser } from './schemas/admin-user.schema';

export class AdminCreationError extends Error {
  override name = 'AdminCreationError';
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** The admins (`AdminUser`): the only code that reads or writes them. */
@Injectable()
export class AdminUsersRepository {
  constructor(@InjectModel(AdminUser.name) private readonly users: Model<AdminUser>) {}

  /**
   * Creates one admin: the one code path for `npm run admin:create`, the bootstrap admin and
   * the tests. The email is stored lower-cased (so it is unique whatever its case) and the
   * password only as its argon2id hash.
   */
  async create(email: string, password: string): Promise<{ email: string }> {
    const normalized = normalizeEmail(email);
    if (!EMAIL.test(normalized) || normalized.length > 254) {
      throw new AdminCreationError('The email address is not valid.');
    }
    const problem = passwordProblem(password);
    if (problem) throw new AdminCreationError(problem);
    if (await this.users.exists({ email: normalized })) throw new AdminCreationError(ADMIN_EXISTS);
    try {
      await this.users.create({ email: normalized, passwordHash: await hashPassword(password) });
    } catch (error) {
      // The unique index, when two creations race.
      if ((error as { code?: number }).code === 11000) throw new AdminCreationError(ADMIN_EXISTS);
      throw error;
    }
    return { email: normalized };
  }

  /** The admin with this email (already normalised), or null. */
  findByEmail(
    email: string,
  ): Promise<{ _id: unknown; email: string; passwordHash: string } | null> {
    return this.users.findOne({ email }).lean();
  }

  /** Whether the admin is still in the store (by `_id`: FerretDB answers it from an index). */
  async exists(id: unknown): Promise<boolean> {
    return (await this.users.exists({ _id: id })) !== null;
  }

  async recordSignIn(id: unknown, at = new Date()): Promise<void> {
    await this.users.updateOne({ _id: id }, { $set: { lastLoginAt: at } });
  }

  /** Whether there is no admin at all (a fresh install). */
  async none(): Promise<boolean> {
    return (await this.users.estimatedDocumentCount()) === 0;
  }
}
