import {
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  ServiceUnavailableException,
} from '@nestjs/common';
import { clientGroup, withHeaders } from '@handcheck/server-kit';
import { setTimeout as sleep } from 'node:timers/promises';
import { GENERIC_LOGIN_ERROR } from './auth.constants';
import { AdminUsersRepository } from './admin-users.repository';
import { AuthKeys } from './auth-keys.service';
import { type Admission, LoginThrottle } from './login-throttle.service';
import { dummyHash, normalizeEmail, verifyPassword } from './password';
import { type IssuedSession, TokenService, unauthorized } from './token.service';

const UNAVAILABLE = 'Sign-in is unavailable right now. Please try again in a few minutes.';

export function throttledMessage(seconds: number): string {
  return `Too many sign-in attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

/**
 * Checks an email and password. An unknown email and a wrong password get the same answer
 * after the same work (a hash verified either way). Attempts are throttled per (client,
 * account), per client and per account (LoginThrottle: counters in MongoDB, shared by every
 * replica, keyed by keyed hashes of the address and the email); every attempt is logged with
 * its outcome, the email's domain and a keyed hash of the email, never the password.
 */
@Injectable()
export class LoginService {
  private readonly logger = new Logger('AdminLogin');

  constructor(
    private readonly keys: AuthKeys,
    private readonly tokens: TokenService,
    private readonly throttle: LoginThrottle,
    private readonly users: AdminUsersRepository,
  ) {}

  async login(emailInput: string, password: string, clientIp: string): Promise<IssuedSession> {
    const email = normalizeEmail(emailInput);
    const client = clientGroup(clientIp);
    const keys = {
      clientAccount: this.keys.fingerprint(`ip+email:${client}:${email}`),
      client: this.keys.fingerprint(`ip:${client}`),
      account: this.keys.fingerprint(`email:${email}`),
    };
    const log = {
      emailHash: keys.account,
      emailDomain: email.split('@')[1] ?? '',
      client: keys.client,
    };
    // Counted before the check, so parallel guesses cannot slip past the limits; a success
    // gives its point back, so only failures use them.
    let admitted: Admission;
    try {
      admitted = await this.throttle.attempt(keys);
    } catch (error) {
      this.logger.error({ ...log, outcome: 'unavailable', err: error }, 'admin sign-in');
      throw new ServiceUnavailableException(UNAVAILABLE);
    }
    if (!admitted.allowed) {
      const wait = admitted.retryAfterSeconds;
      this.logger.warn({ ...log, outcome: 'throttled', retryAfterSeconds: wait }, 'admin sign-in');
      throw withHeaders(new HttpException(throttledMessage(wait), HttpStatus.TOO_MANY_REQUESTS), {
        'Retry-After': String(wait),
      });
    }
    // The account is under attack from many clients: everyone waits, nobody is locked out.
    if (admitted.slowDownMs > 0) await sleep(admitted.slowDownMs);

    let user: { _id: unknown; email: string; passwordHash: string } | null;
    try {
      user = await this.users.findByEmail(email);
    } catch (error) {
      this.logger.error({ ...log, outcome: 'unavailable', err: error }, 'admin sign-in');
      throw new ServiceUnavailableException(UNAVAILABLE);
    }
    const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
    if (!user || !valid) {
      this.logger.warn(
        { ...log, outcome: user ? 'wrong_password' : 'unknown_email' },
        'admin sign-in',
      );
      throw unauthorized(GENERIC_LOGIN_ERROR);
    }
    await this.throttle.succeeded(keys);
    const session = await this.tokens.startSession({ id: String(user._id), email: user.email });
    await this.users.recordSignIn(user._id);
    this.logger.log(
      { ...log, outcome: 'succeeded', slowedDown: admitted.slowDownMs > 0 },
      'admin sign-in',
    );
    return session;
  }
}
