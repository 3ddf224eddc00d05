import { HttpException, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { type FastifyRequest } from 'fastify';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { ADMIN_JWT_STRATEGY, SESSION_ENDED, SESSION_INVALID } from './auth.constants';
import { type SessionCheck } from './session-check.service';
import { type AccessClaims, isAccessClaims, unauthorized } from './token.service';

/** What the guard of the app a request reached hands the strategy on the request. */
export interface AdminJwtContext {
  secret: string;
  sessions: SessionCheck;
}

export const ADMIN_JWT_CONTEXT = Symbol('adminJwtContext');

type RequestWithContext = FastifyRequest & { [ADMIN_JWT_CONTEXT]?: AdminJwtContext };

function contextOf(request: FastifyRequest): AdminJwtContext {
  const context = (request as RequestWithContext)[ADMIN_JWT_CONTEXT];
  if (!context) throw new Error('JwtAuthGuard did not set the admin JWT context');
  return context;
}

/**
 * The admin access token, read by passport-jwt from the request's headers (no cookie):
 * `Authorization: Bearer <jwt>`, HS256 only (no `none`, no RS/HS confusion), not expired. Then its sign-in must still stand (SessionCheck):
 * a token dies with its session, not 15 minutes later.
 *
 * Passport keeps strategies in one registry per process, so the last Nest app to build this
 * one owns the name. It holds no state of its own for that reason: the key and the session
 * check come with each request from the guard of the app the request reached (JwtAuthGuard),
 * so two gateways in one process (the integration tests' replicas) each check their own.
 */
@Injectable()
export class AdminJwtStrategy extends PassportStrategy(Strategy, ADMIN_JWT_STRATEGY) {
  constructor() {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKeyProvider: (
        request: FastifyRequest,
        _token: string,
        done: (error: unknown, secret?: string) => void,
      ) => done(null, contextOf(request).secret),
      algorithms: ['HS256'],
      ignoreExpiration: false,
      passReqToCallback: true,
    });
  }

  async validate(request: FastifyRequest, claims: unknown): Promise<AccessClaims> {
    if (!isAccessClaims(claims)) throw unauthorized(SESSION_INVALID);
    let active: boolean;
    try {
      active = await contextOf(request).sessions.isActive(claims.sid, claims.sub);
    } catch (error) {
      if (error instanceof HttpException) throw error;
      throw new ServiceUnavailableException(
        'Sessions cannot be checked right now. Please try again in a few minutes.',
      );
    }
    if (!active) throw unauthorized(SESSION_ENDED);
    return claims;
  }
}
