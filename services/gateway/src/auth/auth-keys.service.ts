import { Injectable, Logger } from '@nestjs/common';
import { createHmac, randomBytes } from 'node:crypto';
import { GatewayEnv } from '../config/gateway.env';

/**
 * The key that signs access tokens: JWT_SECRET (required in production, see GatewayEnv), or
 * in development and test, when unset, a random key made once per process: tokens then end
 * with the process, which is all a developer machine needs.
 */
@Injectable()
export class AuthKeys {
  readonly jwtSecret: string;
  /** Derived from the secret, so a signature is never a fingerprint of the same text (those are logged). */
  private readonly signingKey: Buffer;

  constructor(env: GatewayEnv) {
    if (env.JWT_SECRET) {
      this.jwtSecret = env.JWT_SECRET;
    } else {
      this.jwtSecret = randomBytes(32).toString('base64');
      new Logger('Auth').warn('JWT_SECRET is not set: signing with a random key for this process');
    }
    this.signingKey = createHmac('sha256', this.jwtSecret).update('handcheck signing key').digest();
  }

  /** A keyed hash for logs and limiter keys: lets lines be matched without the value in them. */
  fingerprint(value: string): string {
    return createHmac('sha256', this.jwtSecret).update(value).digest('base64url').slice(0, 16);
  }

  /** A whole HMAC, for values the gateway hands out and reads back (the known-device cookie). */
  readonly sign = (value: string): string =>
    createHmac('sha256', this.signingKey).update(value).digest('base64url');
}
