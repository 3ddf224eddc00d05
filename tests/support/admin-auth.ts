import mongoose, { type Connection, type Model } from 'mongoose';
import { testInfra } from '@handcheck/server-kit/testing';
import {
  AdminUser,
  AdminUserSchema,
} from '../../services/gateway/src/auth/schemas/admin-user.schema';

/** The JWT secret the auth tests' gateways sign with (32 bytes, as production requires). */
export const TEST_JWT_SECRET = 'integration-test-secret-of-32-bytes!!';

/** The test profile's MongoDB, in a database of the caller's own. */
export function databaseUrl(database: string): string {
  const url = new URL(testInfra().mongoUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A gateway's environment on `database`, believing X-Forwarded-For from 127.0.0.1. */
export function authGatewayEnv(database: string): Record<string, string> {
  return {
    MONGO_URL: databaseUrl(database),
    JWT_SECRET: TEST_JWT_SECRET,
    TRUSTED_PROXIES: '127.0.0.1',
  };
}

/** A connection to `database` with the admin users' model, its indexes built. */
export async function openAdminUsers(
  database: string,
): Promise<{ connection: Connection; users: Model<AdminUser> }> {
  const connection = await mongoose.createConnection(databaseUrl(database)).asPromise();
  const users = connection.model(AdminUser.name, AdminUserSchema);
  await users.init();
  return { connection, users };
}

/** Drops the test's database and closes its connection (either may be unset if set-up failed). */
export async function dropAndClose(connection: Connection | undefined): Promise<void> {
  await connection?.dropDatabase().catch(() => undefined);
  await connection?.close();
}

export interface AuthPost {
  body?: object;
  cookie?: string;
  headers?: Record<string, string>;
}

/** A POST to an auth endpoint as the web app sends it, from the client address `from`. */
export function postAuth(baseUrl: string, path: string, from: string, init: AuthPost = {}) {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-handcheck-auth': '1',
      'x-forwarded-for': from,
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...init.headers,
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
}
