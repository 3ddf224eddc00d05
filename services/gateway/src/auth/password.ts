import { Algorithm, hash, verify } from '@node-rs/argon2';
import { MIN_PASSWORD_LENGTH } from '../config/gateway.env';

/**
 * argon2id at OWASP's minimum for argon2id (password storage cheat sheet): 19 MiB of memory,
 * 2 passes, 1 lane. About 20-40 ms a hash on one of our cores (`npm run bench:login`), which
 * is what a login costs and what makes offline guessing slow.
 */
export const ARGON2_OPTIONS = {
  algorithm: Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Longer passphrases are welcome; this only keeps one request from hashing megabytes. */
export const MAX_PASSWORD_LENGTH = 256;

/** What is wrong with a new admin password, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    return `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`;
  }
  if (password.trim() === '') return 'The password must not be only spaces.';
  return undefined;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a hash that cannot be read; never throws. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * A hash of nothing anyone knows, made once per process with the same cost: an unknown
 * email is checked against it, so it takes as long as a wrong password for a real admin.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hash(`no such admin ${Math.random()}`, ARGON2_OPTIONS);
  return dummy;
}

/** Emails are compared lower-cased and trimmed; stored that way too. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
