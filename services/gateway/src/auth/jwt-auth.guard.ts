import { type ExecutionContext, HttpException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard, type IAuthModuleOptions } from '@nestjs/passport';
import { type FastifyRequest } from 'fastify';
import { ADMIN_JWT_CONTEXT, type AdminJwtContext } from './admin-jwt.strategy';
import { ADMIN_JWT_STRATEGY, SESSION_INVALID, SESSION_REQUIRED } from './auth.constants';
import { AuthKeys } from './auth-keys.service';
import { IS_PUBLIC_KEY } from './public.decorator';
import { SessionCheck } from './session-check.service';
import { type AccessClaims, unauthorized } from './token.service';

/** What the guard leaves on the request for the route. */
export interface AuthenticatedRequest extends FastifyRequest {
  admin?: AccessClaims;
}

/**
 * The gateway's global guard (APP_GUARD): every route needs a valid admin access token whose
 * sign-in still stands (AdminJwtStrategy, @nestjs/passport with passport-jwt) unless it, or
 * its controller, is marked @Public(). The routes Fastify serves without Nest (the events
 * intake, the specialists list, the site, the OpenAPI document) never reach it.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard(ADMIN_JWT_STRATEGY) {
  private readonly context: AdminJwtContext;

  constructor(
    private readonly reflector: Reflector,
    keys: AuthKeys,
    sessions: SessionCheck,
  ) {
    super();
    this.context = { secret: keys.jwtSecret, sessions };
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    // This app's key and session check, for the process-wide strategy (see AdminJwtStrategy).
    const request = context
      .switchToHttp()
      .getRequest<FastifyRequest & { [ADMIN_JWT_CONTEXT]?: AdminJwtContext }>();
    request[ADMIN_JWT_CONTEXT] = this.context;
    return super.canActivate(context);
  }

  /** The claims go to `request.admin`; no passport session. */
  override getAuthenticateOptions(): IAuthModuleOptions {
    return { property: 'admin', session: false };
  }

  /** Our answers: 401 with `WWW-Authenticate: Bearer` and a message the web can show. */
  override handleRequest<TUser = AccessClaims>(
    error: unknown,
    claims: TUser | false,
    info: unknown,
  ): TUser {
    if (error instanceof HttpException) throw error;
    if (error) throw error as Error;
    if (claims) return claims;
    // passport-jwt says why in `info`: no token at all, or one that does not verify.
    const noToken = info instanceof Error && /no auth token/i.test(info.message);
    throw unauthorized(noToken ? SESSION_REQUIRED : SESSION_INVALID);
  }
}
