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
import { issueKnownDevice, knownDeviceId } from './known-device';
import { type Admission, LoginThrottle, type ThrottleKeys } from './login-throttle.service';
import { dummyHash, normalizeEmail, verifyPassword } from './password';
import { type IssuedSession, TokenService, unauthorized } from './token.service';

const UNAVAILABLE = 'Sign-in is unavailable right now. Please try again in a few minutes.';

export function throttledMessage(seconds: number): string {
  return `Too many sign-in attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

/** A sign-in's session, and the known-device cookie its device is given for the account. */
export interface SignedIn extends IssuedSession {
  knownDevice: string;
}

/**
 * Checks an email and password. An unknown email and a wrong password get the same answer
 * after the same work (a hash verified either way). Attempts are throttled per known device,
 * or per (client, account), per client and per account (LoginThrottle: counters in MongoDB,
 * shared by every replica, keyed by keyed hashes); every attempt is logged with its outcome,
 * the email's domain and a keyed hash of the email, never the password.
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

  /** `knownDevice`: the request's known-device cookie, if it sent one. */
  async login(
    emailInput: string,
    password: string,
    clientIp: string,
    knownDevice?: string,
  ): Promise<SignedIn> {
    const email = normalizeEmail(emailInput);
    const client = clientGroup(clientIp);
    const account = this.keys.fingerprint(`email:${email}`);
    const device = knownDeviceId(this.keys.sign, knownDevice, account);
    const keys: ThrottleKeys = {
      clientAccount: this.keys.fingerprint(`ip+email:${client}:${email}`),
      client: this.keys.fingerprint(`ip:${client}`),
      account,
      device: device === undefined ? undefined : this.keys.fingerprint(`device:${device}`),
    };
    const log = {
      emailHash: account,
      emailDomain: email.split('@')[1] ?? '',
      client: keys.client,
      knownDevice: device !== undefined,
    };
    // Counted before the check, so parallel guesses cannot slip past the limits; a success
    // gives its point back, so only failures use them.
    const admitted = await this.admit(keys, log);
    if (!admitted.allowed) {
      const wait = admitted.retryAfterSeconds;
      this.logger.warn({ ...log, outcome: 'throttled', retryAfterSeconds: wait }, 'admin sign-in');
      throw withHeaders(new HttpException(throttledMessage(wait), HttpStatus.TOO_MANY_REQUESTS), {
        'Retry-After': String(wait),
      });
    }
    // The account is under attack from many clients: unknown clients wait, which makes a
    // botnet's guesses slow; its known devices never do.
    if (admitted.slowDownMs > 0) await sleep(admitted.slowDownMs);

    let user: { _id: unknown; email: string; passwordHash: string } | null;
    try {
      user = await this.users.findByEmail(email);
    } catch (error) {
      this.logger.error({ ...log, outcome: 'unavailable', err: error }, 'admin sign-in');
      // No password was checked: the attempt is no failure (best effort, MongoDB is failing).
      await this.throttle.unchecked(keys, admitted).catch(() => undefined);
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
    await this.throttle.succeeded(keys, admitted);
    const session = await this.tokens.startSession({ id: String(user._id), email: user.email });
    await this.users.recordSignIn(user._id);
    this.logger.log(
      { ...log, outcome: 'succeeded', slowedDown: admitted.slowDownMs > 0 },
      'admin sign-in',
    );
    // A fresh cookie at every sign-in: the device stays known for a lifetime from now.
    return { ...session, knownDevice: issueKnownDevice(this.keys.sign, account) };
  }

  private async admit(keys: ThrottleKeys, log: object): Promise<Admission> {
    try {
      return await this.throttle.attempt(keys);
    } catch (error) {
      this.logger.error({ ...log, outcome: 'unavailable', err: error }, 'admin sign-in');
      throw new ServiceUnavailableException(UNAVAILABLE);
    }
  }
}
