import { Injectable, UnauthorizedException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { JwtService } from '@nestjs/jwt';
import { type Model } from 'mongoose';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { withHeaders } from '@handcheck/server-kit';
import {
  ACCESS_TOKEN_SECONDS,
  REFRESH_TOKEN_SECONDS,
  SESSION_INVALID,
  SESSION_REQUIRED,
} from './auth.constants';
import { AdminUsersRepository } from './admin-users.repository';
import { AuthKeys } from './auth-keys.service';
import { AdminSession } from './schemas/admin-session.schema';
import { RefreshClaim } from './schemas/refresh-claim.schema';
import { RefreshToken } from './schemas/refresh-token.schema';
import { SessionCheck } from './session-check.service';

/** What a valid access token says: the admin's id, email, its sign-in and the token's own id. */
export interface AccessClaims {
  sub: string;
  email: string;
  /** The session family (sign-in) the token belongs to: it is checked on every admin request. */
  sid: string;
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

/** Claims whose shape a route can rely on; anything else is not our access token. */
export function isAccessClaims(claims: unknown): claims is AccessClaims {
  const c = claims as Partial<AccessClaims> | null;
  return (
    typeof c === 'object' &&
    c !== null &&
    typeof c.sub === 'string' &&
    typeof c.email === 'string' &&
    typeof c.sid === 'string' &&
    typeof c.exp === 'number'
  );
}

const isDuplicate = (error: unknown) => (error as { code?: number }).code === 11000;

export function unauthorized(message = SESSION_REQUIRED): UnauthorizedException {
  return withHeaders(new UnauthorizedException(message), { 'WWW-Authenticate': 'Bearer' });
}

@Injectable()
export class TokenService {
  private readonly jwt: JwtService;

  constructor(
    keys: AuthKeys,
    @InjectModel(RefreshToken.name) private readonly refreshTokens: Model<RefreshToken>,
    private readonly users: AdminUsersRepository,
    @InjectModel(AdminSession.name) private readonly sessions: Model<AdminSession>,
    @InjectModel(RefreshClaim.name) private readonly claims: Model<RefreshClaim>,
    private readonly sessionCheck: SessionCheck,
  ) {
    this.jwt = new JwtService({
      secret: keys.jwtSecret,
      signOptions: { algorithm: ALGORITHM, expiresIn: ACCESS_TOKEN_SECONDS },
      verifyOptions: { algorithms: [ALGORITHM] },
    });
  }

  /** An access token of the sign-in `familyId`. */
  signAccess(user: AdminIdentity, familyId: string): { accessToken: string; expiresAt: string } {
    const accessToken = this.jwt.sign({
      sub: user.id,
      email: user.email,
      sid: familyId,
      jti: randomUUID(),
    });
    const { exp } = this.jwt.decode<{ exp: number }>(accessToken);
    return { accessToken, expiresAt: new Date(exp * 1000).toISOString() };
  }

  /**
   * The claims of a validly signed access token; 401 for anything else (expired, other key,
   * other alg). Whether its sign-in still stands is the guard's check (SessionCheck).
   */
  verifyAccess(token: string): AccessClaims {
    try {
      const claims = this.jwt.verify<AccessClaims>(token, { algorithms: [ALGORITHM] });
      if (!isAccessClaims(claims)) throw new Error();
      return claims;
    } catch {
      throw unauthorized(SESSION_INVALID);
    }
  }

  /** A new sign-in: a new session family. */
  async startSession(user: AdminIdentity): Promise<IssuedSession> {
    const familyId = randomUUID();
    const expiresAt = new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000);
    await this.sessions.create({ _id: familyId, userId: user.id, expiresAt });
    return this.issue(user, familyId, expiresAt);
  }

  /**
   * Exchanges a refresh token for a new pair. The token is claimed by inserting its claim
   * (RefreshClaim: a unique `_id`), so of any number of requests presenting it, concurrent or
   * not, exactly one wins; every other one is reuse, meaning the token was copied, and the
   * whole family is revoked: the thief's copy and the rightful owner's newest token alike.
   * The family is checked before the claim: revocation is per family, so a token issued into
   * a family revoked meanwhile is refused anyway, and the winner is never refused because a
   * loser's revocation landed between its claim and its answer.
   */
  async rotate(token: string | undefined): Promise<IssuedSession> {
    if (!token) throw unauthorized();
    const tokenHash = hashRefreshToken(token);
    const now = new Date();
    const stored = await this.refreshTokens.findOne({ tokenHash }).lean();
    if (!stored) throw unauthorized();
    const family = await this.sessions.findById(stored.familyId).lean();
    if (!family || family.revokedAt || stored.expiresAt <= now) throw unauthorized();
    try {
      await this.claims.create({ _id: tokenHash, familyId: stored.familyId, claimedAt: now });
    } catch (error) {
      if (!isDuplicate(error)) throw error;
      await this.revokeFamily(stored.familyId);
      throw unauthorized();
    }
    await this.refreshTokens.updateOne({ _id: stored._id }, { $set: { usedAt: now } });
    // An admin removed from the store keeps no session.
    if (!(await this.users.exists(stored.userId))) {
      await this.revokeFamily(stored.familyId);
      throw unauthorized();
    }
    // The family keeps its first expiry: a sign-in lasts 12 hours however often it refreshes.
    return this.issue(
      { id: stored.userId, email: stored.email },
      stored.familyId,
      stored.expiresAt,
    );
  }

  /** Sign-out: every token of the presented token's family stops working. */
  async revoke(token: string | undefined): Promise<void> {
    if (!token) return;
    const known = await this.refreshTokens.findOne({ tokenHash: hashRefreshToken(token) }).lean();
    if (known) await this.revokeFamily(known.familyId);
  }

  /** Ends a sign-in: its refresh tokens stop rotating, its access tokens stop passing the guard. */
  async revokeFamily(familyId: string): Promise<void> {
    const now = new Date();
    await this.sessions.updateOne({ _id: familyId, revokedAt: null }, { $set: { revokedAt: now } });
    this.sessionCheck.forget(familyId);
    // Kept on the tokens too, for whoever reads the collection.
    await this.refreshTokens.updateMany(
      { familyId, revokedAt: null },
      { $set: { revokedAt: now } },
    );
  }

  private async issue(
    user: AdminIdentity,
    familyId: string,
    refreshExpiresAt: Date,
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
      ...this.signAccess(user, familyId),
      user: { email: user.email },
      refreshToken,
      refreshExpiresAt,
    };
  }
}
