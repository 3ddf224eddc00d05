import { type Model } from 'mongoose';
import { ADMIN_EXISTS } from './auth.constants';
import { hashPassword, normalizeEmail, passwordProblem } from './password';
import { type AdminUser } from './schemas/admin-user.schema';

export class AdminCreationError extends Error {
  override name = 'AdminCreationError';
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * Creates one admin: the one code path for `npm run admin:create`, the bootstrap admin and
 * the tests. The email is stored lower-cased (so it is unique whatever its case) and the
 * password only as its argon2id hash.
 */
export async function createAdmin(
  users: Model<AdminUser>,
  email: string,
  password: string,
): Promise<{ email: string }> {
  const normalized = normalizeEmail(email);
  if (!EMAIL.test(normalized) || normalized.length > 254) {
    throw new AdminCreationError('The email address is not valid.');
  }
  const problem = passwordProblem(password);
  if (problem) throw new AdminCreationError(problem);
  if (await users.exists({ email: normalized })) throw new AdminCreationError(ADMIN_EXISTS);
  try {
    await users.create({ email: normalized, passwordHash: await hashPassword(password) });
  } catch (error) {
    // The unique index, when two creations race.
    if ((error as { code?: number }).code === 11000) throw new AdminCreationError(ADMIN_EXISTS);
    throw error;
  }
  return { email: normalized };
}
