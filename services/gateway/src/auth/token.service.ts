import { Injectable, UnauthorizedException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { JwtService } from '@nestjs/jwt';
import { type Model } from 'mongoose';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { withHeaders } from '@handcheck/server-kit';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS, SESSION_REQUIRED } from './auth.constants';
import { AuthKeys } from './auth-keys';
import { AdminUser } from './schemas/admin-user.schema';
import { RefreshToken } from './schemas/refresh-token.schema';

/** What a valid access token says: the admin's id, email and the token's own id. */
export interface AccessClaims {
  sub: string;
  email: string;
  jti: string;
  exp: number;
}

export interface AdminIdentity {
  id: string;
  email: string;
}

export interface IssuedSession {
  accessToken: string;
  /** ISO time the access token expires. */
  expiresAt: string;
  user: { email: string };
  refreshToken: string;
  refreshExpiresAt: Date;
}

/** Only HS256 is ever accepted: no `none`, no RS/HS confusion. */
const ALGORITHM = 'HS256' as const;

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function unauthorized(message = SESSION_REQUIRED): UnauthorizedException {
  return withHeaders(new UnauthorizedException(message), { 'WWW-Authenticate': 'Bearer' });
}

@Injectable()
export class TokenService {
  private readonly jwt: JwtService;

  constructor(
    keys: AuthKeys,
    @InjectModel(RefreshToken.name) private readonly refreshTokens: Model<RefreshToken>,
    @InjectModel(AdminUser.name) private readonly users: Model<AdminUser>,
  ) {
    this.jwt = new JwtService({
      secret: keys.jwtSecret,
      signOptions: { algorithm: ALGORITHM, expiresIn: ACCESS_TOKEN_SECONDS },
      verifyOptions: { algorithms: [ALGORITHM] },
    });
  }

  signAccess(user: AdminIdentity): { accessToken: string; expiresAt: string } {
    const accessToken = this.jwt.sign({ sub: user.id, email: user.email, jti: randomUUID() });
    const { exp } = this.jwt.decode<{ exp: number }>(accessToken);
    return { accessToken, expiresAt: new Date(exp * 1000).toISOString() };
  }

  /** The claims of a valid access token; 401 for anything else (expired, other key, other alg). */
  verifyAccess(token: string): AccessClaims {
    try {
      const claims = this.jwt.verify<AccessClaims>(token, { algorithms: [ALGORITHM] });
      if (typeof claims.sub !== 'string' || typeof claims.email !== 'string') throw new Error();
      return claims;
    } catch {
      throw unauthorized('Your session is not valid. Please sign in again.');
    }
  }

  /** A new sign-in: a new refresh-token family. */
  async startSession(user: AdminIdentity): Promise<IssuedSession> {
    return this.issue(user, randomUUID());
  }

  /**
   * Exchanges a refresh token for a new pair. The presented token is marked used in the same
   * atomic update that checks it is usable, so two requests with one token cannot both win;
   * a token presented after it was used means it was copied: the whole family is revoked,
   * the thief's copy and the rightful owner's newest token alike.
   */
  async rotate(token: string | undefined): Promise<IssuedSession> {
    if (!token) throw unauthorized();
    const tokenHash = hashRefreshToken(token);
    const now = new Date();
    const claimed = await this.refreshTokens
      .findOneAndUpdate(
        { tokenHash, usedAt: null, revokedAt: null, expiresAt: { $gt: now } },
        { $set: { usedAt: now } },
        { new: true },
      )
      .lean();
    if (!claimed) {
      const known = await this.refreshTokens.findOne({ tokenHash }).lean();
      if (known?.usedAt && !known.revokedAt) await this.revokeFamily(known.familyId);
      throw unauthorized();
    }
    // An admin removed from the store keeps no session.
    if (!(await this.users.exists({ _id: claimed.userId }))) {
      await this.revokeFamily(claimed.familyId);
      throw unauthorized();
    }
    // The family keeps its first expiry: a sign-in lasts 12 hours however often it refreshes.
    return this.issue(
      { id: claimed.userId, email: claimed.email },
      claimed.familyId,
      claimed.expiresAt,
    );
  }

  /** Sign-out: every token of the presented token's family stops working. */
  async revoke(token: string | undefined): Promise<void> {
    if (!token) return;
    const known = await this.refreshTokens.findOne({ tokenHash: hashRefreshToken(token) }).lean();
    if (known) await this.revokeFamily(known.familyId);
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.refreshTokens.updateMany(
      { familyId, revokedAt: null },
      { $set: { revokedAt: new Date() } },
    );
  }

  private async issue(
    user: AdminIdentity,
    familyId: string,
    refreshExpiresAt = new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000),
  ): Promise<IssuedSession> {
    const refreshToken = randomBytes(32).toString('base64url');
    await this.refreshTokens.create({
      tokenHash: hashRefreshToken(refreshToken),
      familyId,
      userId: user.id,
      email: user.email,
      expiresAt: refreshExpiresAt,
    });
    return {
      ...this.signAccess(user),
      user: { email: user.email },
      refreshToken,
      refreshExpiresAt,
    };
  }
}
