import { verify as argon2Verify } from '@node-rs/argon2';
import {
  ARGON2_OPTIONS,
  dummyHash,
  hashPassword,
  normalizeEmail,
  passwordProblem,
  verifyPassword,
} from './password';

describe('password policy', () => {
  it('refuses fewer than 12 characters and accepts 12', () => {
    expect(passwordProblem('elevenchars')).toMatch(/at least 12 characters/);
    expect(passwordProblem('twelve chars')).toBeUndefined();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblem('🔑'.repeat(11))).toMatch(/at least 12/);
    expect(passwordProblem('🔑'.repeat(12))).toBeUndefined();
  });

  it('refuses only spaces and absurd lengths', () => {
    expect(passwordProblem(' '.repeat(20))).toMatch(/only spaces/);
    expect(passwordProblem('x'.repeat(257))).toMatch(/at most 256/);
  });

  it('normalises emails to lower case without surrounding spaces', () => {
    expect(normalizeEmail('  Admin@Example.COM ')).toBe('admin@example.com');
  });
});

describe('password hashing', () => {
  it('uses argon2id at OWASP minimum cost or more', () => {
    expect(ARGON2_OPTIONS.memoryCost).toBeGreaterThanOrEqual(19_456);
    expect(ARGON2_OPTIONS.timeCost).toBeGreaterThanOrEqual(2);
    expect(ARGON2_OPTIONS.parallelism).toBe(1);
  });

  it('stores the parameters in the hash and verifies only the right password', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'Correct horse battery')).toBe(false);
    expect(await argon2Verify(stored, 'correct horse battery')).toBe(true);
  });

  it('answers false for an unreadable hash instead of throwing', async () => {
    expect(await verifyPassword('not a hash', 'anything')).toBe(false);
  });

  it('has a dummy hash of the same cost for unknown emails', async () => {
    expect(await dummyHash()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await dummyHash()).toBe(await dummyHash());
  });
});
