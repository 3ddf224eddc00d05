import {
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  ServiceUnavailableException,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';
import { withHeaders } from '@handcheck/server-kit';
import {
  GENERIC_LOGIN_ERROR,
  LOGIN_LIMIT,
  LOGIN_LIMITER_KEYS,
  LOGIN_WINDOW_MS,
} from './auth.constants';
import { AttemptLimiter } from './attempt-limiter';
import { AuthKeys } from './auth-keys';
import { dummyHash, normalizeEmail, verifyPassword } from './password';
import { AdminUser } from './schemas/admin-user.schema';
import { type IssuedSession, TokenService, unauthorized } from './token.service';

const UNAVAILABLE = 'Sign-in is unavailable right now. Please try again in a few minutes.';

export function throttledMessage(seconds: number): string {
  return `Too many sign-in attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

/**
 * Checks an email and password. An unknown email and a wrong password get the same answer
 * after the same work (a hash verified either way). Attempts are limited per client (a
 * keyed hash of its IP address, kept in memory only) and per email, each in its own bounded
 * limiter; every attempt is logged with its outcome, the email's domain and a keyed hash of
 * the email, never the password.
 */
@Injectable()
export class LoginService {
  private readonly logger = new Logger('AdminLogin');
  private readonly byClient = new AttemptLimiter({
    limit: LOGIN_LIMIT,
    windowMs: LOGIN_WINDOW_MS,
    maxKeys: LOGIN_LIMITER_KEYS,
  });
  private readonly byEmail = new AttemptLimiter({
    limit: LOGIN_LIMIT,
    windowMs: LOGIN_WINDOW_MS,
    maxKeys: LOGIN_LIMITER_KEYS,
  });

  constructor(
    private readonly keys: AuthKeys,
    private readonly tokens: TokenService,
    @InjectModel(AdminUser.name) private readonly users: Model<AdminUser>,
  ) {}

  async login(emailInput: string, password: string, clientIp: string): Promise<IssuedSession> {
    const email = normalizeEmail(emailInput);
    const clientKey = this.keys.fingerprint(`ip:${clientIp}`);
    const emailKey = this.keys.fingerprint(`email:${email}`);
    const log = {
      emailHash: emailKey,
      emailDomain: email.split('@')[1] ?? '',
      client: clientKey,
    };
    const wait = Math.max(this.byClient.retryAfter(clientKey), this.byEmail.retryAfter(emailKey));
    if (wait > 0) {
      this.logger.warn({ ...log, outcome: 'throttled', retryAfterSeconds: wait }, 'admin sign-in');
      throw withHeaders(new HttpException(throttledMessage(wait), HttpStatus.TOO_MANY_REQUESTS), {
        'Retry-After': String(wait),
      });
    }
    this.byClient.hit(clientKey);
    this.byEmail.hit(emailKey);

    let user: { _id: unknown; email: string; passwordHash: string } | null;
    try {
      user = await this.users.findOne({ email }).lean();
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
    // Counted before the check, so parallel guesses cannot slip past the limit; a success
    // is then given back, so only failures use a client's 5 a minute.
    this.byClient.refund(clientKey);
    this.byEmail.reset(emailKey);
    const session = await this.tokens.startSession({ id: String(user._id), email: user.email });
    await this.users.updateOne({ _id: user._id }, { $set: { lastLoginAt: new Date() } });
    this.logger.log({ ...log, outcome: 'succeeded' }, 'admin sign-in');
    return session;
  }
}
