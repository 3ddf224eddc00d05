import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Request } from 'express';
import { IS_PUBLIC_KEY } from './public.decorator';
import { type AccessClaims, TokenService, unauthorized } from './token.service';

/** What the guard leaves on the request for the route. */
export interface AuthenticatedRequest extends Request {
  admin?: AccessClaims;
}

export function bearerToken(request: Request): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([^\s]+)$/i.exec(header) : null;
  return match?.[1];
}

/**
 * The gateway's global guard (APP_GUARD): every route needs a valid admin access token
 * unless it, or its controller, is marked @Public(). Routes served ahead of Nest (the events
 * intake, the site, the OpenAPI document) never reach it.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const isPublic = this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    request.admin = this.tokens.verifyAccess(token);
    return true;
  }
}
