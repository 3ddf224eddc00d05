// npm run bench:login [-- --logins 100]   (HANDCHECK_PROFILE=test for the test profile's engines)
//
// What an admin sign-in costs with the chosen argon2id parameters (services/gateway/src/auth/
// password.ts: m=19456 KiB, t=2, p=1, OWASP's minimum):
//  1. argon2id verify alone: one at a time, then 2 and 8 in flight (the machine has 2 cores;
//     @node-rs/argon2 runs on its own thread pool) → p50/p99 and verifies per second.
//  2. the whole sign-in (LoginService.login: the throttle's counters in MongoDB, the client's
//     two at once and then the account's, or a known device's one; the admin lookup, verify,
//     session and refresh-token inserts, JWT) against the profile's MongoDB, in a database of
//     its own, dropped after.
// The HTTP layer is left out on purpose: sign-in allows 5 failures per client and account, so
// an HTTP benchmark would measure the throttle's refusals.
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import mongoose from 'mongoose';
import { MongoLimitStore } from '@handcheck/server-kit';
import { performance } from 'node:perf_hooks';
import { AdminUsersRepository } from '../../services/gateway/src/auth/admin-users.repository';
import { AuthKeys } from '../../services/gateway/src/auth/auth-keys.service';
import { LoginService } from '../../services/gateway/src/auth/login.service';
import {
  ARGON2_OPTIONS,
  hashPassword,
  verifyPassword,
} from '../../services/gateway/src/auth/password';
import {
  AdminUser,
  AdminUserSchema,
} from '../../services/gateway/src/auth/schemas/admin-user.schema';
import {
  RefreshToken,
  RefreshTokenSchema,
} from '../../services/gateway/src/auth/schemas/refresh-token.schema';
import { LoginThrottle } from '../../services/gateway/src/auth/login-throttle.service';
import {
  AdminSession,
  AdminSessionSchema,
} from '../../services/gateway/src/auth/schemas/admin-session.schema';
import {
  RefreshClaim,
  RefreshClaimSchema,
} from '../../services/gateway/src/auth/schemas/refresh-claim.schema';
import { SessionCheck } from '../../services/gateway/src/auth/session-check.service';
import { TokenService } from '../../services/gateway/src/auth/token.service';
import { type GatewayEnv } from '../../services/gateway/src/config/gateway.env';
import { commandOptions, profileEnv } from '../analytics/env';

const PASSWORD = 'benchmark admin password';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function summary(label: string, samples: number[], wallMs: number): void {
  const sorted = [...samples].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(38)} n=${String(samples.length).padStart(4)}  p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(sorted, 99).toFixed(1).padStart(6)} ms  ${((samples.length / wallMs) * 1000).toFixed(1).padStart(6)}/s`,
  );
}

async function measure(count: number, inFlight: number, run: (i: number) => Promise<unknown>) {
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        await run(i);
        samples.push(performance.now() - t0);
      }
    }),
  );
  return { samples, wallMs: performance.now() - started };
}

async function main(): Promise<void> {
  const { logins } = commandOptions({ logins: 100 });
  // One log line per attempt is what production wants, not what a benchmark prints.
  Logger.overrideLogger(false);
  console.log(
    `argon2id m=${ARGON2_OPTIONS.memoryCost} KiB, t=${ARGON2_OPTIONS.timeCost}, p=${ARGON2_OPTIONS.parallelism}`,
  );
  const stored = await hashPassword(PASSWORD);
  for (let i = 0; i < 5; i++) await verifyPassword(stored, PASSWORD); // warm-up
  for (const inFlight of [1, 2, 8]) {
    const { samples, wallMs } = await measure(logins, inFlight, async () => {
      if (!(await verifyPassword(stored, PASSWORD))) throw new Error('verify failed');
    });
    summary(`verify, ${inFlight} in flight`, samples, wallMs);
  }

  const mongoUrl = new URL(profileEnv().MONGO_URL ?? 'mongodb://127.0.0.1:27017/handcheck');
  mongoUrl.pathname = `/hc_bench_login_${Date.now().toString(36)}`;
  const connection = await mongoose.createConnection(mongoUrl.toString()).asPromise();
  try {
    const users = connection.model(AdminUser.name, AdminUserSchema);
    const refreshTokens = connection.model(RefreshToken.name, RefreshTokenSchema);
    const sessions = connection.model(AdminSession.name, AdminSessionSchema);
    const claims = connection.model(RefreshClaim.name, RefreshClaimSchema);
    await Promise.all([users, refreshTokens, sessions, claims].map((m) => m.init()));
    const admins = new AdminUsersRepository(users);
    const { email } = await admins.create('bench@example.com', PASSWORD);
    const keys = new AuthKeys({ JWT_SECRET: 'x'.repeat(48) } as GatewayEnv);
    const sessionCheck = new SessionCheck(sessions, admins);
    const tokens = new TokenService(keys, refreshTokens, admins, sessions, claims, sessionCheck);
    const throttle = new LoginThrottle(new MongoLimitStore(connection));
    const service = new LoginService(keys, tokens, throttle, admins);
    await service.login(email, PASSWORD, 'warm-up');
    for (const inFlight of [1, 2]) {
      const { samples, wallMs } = await measure(logins, inFlight, (i) =>
        // A client address of its own each time: the per-client limit is not what is measured.
        service.login(email, PASSWORD, `client-${inFlight}-${i}`),
      );
      summary(`sign-in (MongoDB), ${inFlight} in flight`, samples, wallMs);
    }
    const { knownDevice } = await service.login(email, PASSWORD, 'known-device');
    const known = await measure(logins, 1, (i) =>
      service.login(email, PASSWORD, `known-${i}`, knownDevice),
    );
    summary('sign-in, known device, 1 in flight', known.samples, known.wallMs);
    const wrong = await measure(Math.min(logins, 50), 1, (i) =>
      service.login(`nobody${i}@example.com`, PASSWORD, `wrong-${i}`).catch(() => undefined),
    );
    summary('unknown email (dummy hash), 1 in flight', wrong.samples, wrong.wallMs);
  } finally {
    await connection.dropDatabase().catch(() => undefined);
    await connection.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
