import { Body, Controller, Get, HttpCode, Post, Req, Res, applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnsupportedMediaTypeResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { GatewayEnv } from '../config/gateway.env';
import { authCookieOptions } from './auth-cookies';
import {
  CSRF_HEADER,
  KNOWN_DEVICE_COOKIE,
  KNOWN_DEVICE_COOKIE_PATH,
  LOGIN_LIMITS,
  REFRESH_COOKIE,
  REFRESH_COOKIE_PATH,
} from './auth.constants';
import { AuthSessionDto, CurrentSessionDto } from './dto/session.dto';
import { LoginDto } from './dto/login.dto';
import { type AuthenticatedRequest } from './jwt-auth.guard';
import { LoginService, type SignedIn } from './login.service';
import { NO_SCRIPT_LOGIN_MESSAGE, noScriptLoginPage } from './no-script-login';
import { Public } from './public.decorator';
import { assertSameSite, readCookie } from './same-site';
import { type IssuedSession, TokenService } from './token.service';

const ERROR = { $ref: '#/components/schemas/ErrorAnswer' };
const csrfHeader = ApiHeader({
  name: CSRF_HEADER,
  required: true,
  schema: { type: 'string', enum: ['1'] },
  description:
    'Must be `1`: proves the call comes from the site itself (cross-site requests cannot send it).',
});
/** The refresh cookie, or none: both routes answer 204 without it (API document). */
const refreshCookieOrNone = applyDecorators(ApiCookieAuth(REFRESH_COOKIE), ApiSecurity({}));

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly login: LoginService,
    private readonly tokens: TokenService,
    private readonly env: GatewayEnv,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @csrfHeader
  @ApiOperation({
    summary: 'Admin sign-in',
    description:
      'Checks the email and password; answers the access token and sets the refresh token as an httpOnly, SameSite=Strict cookie scoped to /api/auth, and a known-device cookie scoped to this route (both Secure unless the site is served over plain http on localhost). Failures are limited per client and account (5 in 15 minutes) and per client (20 an hour); past 100 checked failures an hour on one account, attempts of unknown clients on it are slowed down and those that already failed on it are refused, while a client that has not still signs in. A device that signed in to the account in the last 30 days (its known-device cookie) is limited only by its own failures (5 in 15 minutes).',
  })
  @ApiOkResponse({ type: AuthSessionDto })
  @ApiBadRequestResponse({
    description: 'The email is not an email address, or the password is missing.',
    schema: ERROR,
  })
  @ApiUnauthorizedResponse({ description: "'Invalid email or password.'", schema: ERROR })
  @ApiForbiddenResponse({ description: 'Not sent by the site itself.', schema: ERROR })
  @ApiUnsupportedMediaTypeResponse({
    description:
      'The body is declared in a character set other than UTF-8, or its bytes are not UTF-8.',
    schema: ERROR,
  })
  @ApiTooManyRequestsResponse({
    description: 'Too many attempts; `Retry-After` says how many seconds to wait.',
    headers: { 'Retry-After': { schema: { type: 'integer' } } },
    schema: ERROR,
  })
  @ApiServiceUnavailableResponse({ description: 'The admin store is unreachable.', schema: ERROR })
  async signIn(
    @Body() body: LoginDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<AuthSessionDto> {
    assertSameSite(request);
    const signedIn = await this.login.login(
      body.email,
      body.password,
      request.ip ?? '',
      readCookie(request, KNOWN_DEVICE_COOKIE),
    );
    this.rememberDevice(signedIn, response);
    return this.answer(signedIn, response);
  }

  @Public()
  @Post('login/no-script')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Where the sign-in form posts without JavaScript',
    description:
      'The served /admin/login form posts here when JavaScript has not taken it over. Signs nobody in and reads nothing from the request; answers a page saying sign-in needs JavaScript.',
  })
  @ApiOkResponse({
    description: NO_SCRIPT_LOGIN_MESSAGE,
    content: { 'text/html': { schema: { type: 'string' } } },
  })
  noScriptLogin(@Res({ passthrough: true }) response: FastifyReply): string {
    response.header('Cache-Control', 'no-store');
    response.type('text/html; charset=utf-8');
    return noScriptLoginPage();
  }

  @Public()
  @Post('refresh')
  @HttpCode(200)
  @csrfHeader
  @refreshCookieOrNone
  @ApiOperation({
    summary: 'A new access token for the refresh cookie',
    description:
      'Rotates the refresh token (the presented one is used up, a new cookie is set). Presenting a used refresh token again revokes its whole family: every session it descends from must sign in again.',
  })
  @ApiOkResponse({ type: AuthSessionDto })
  @ApiNoContentResponse({ description: 'No refresh cookie: nobody is signed in.' })
  @ApiUnauthorizedResponse({
    description: 'An unknown, used, revoked or expired refresh token (the cookie is cleared).',
    schema: ERROR,
  })
  @ApiForbiddenResponse({ description: 'Not sent by the site itself.', schema: ERROR })
  async refresh(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<AuthSessionDto | undefined> {
    assertSameSite(request);
    const token = readCookie(request, REFRESH_COOKIE);
    if (!token) {
      // Not signed in: an answer, not an error (the dashboard asks this on every visit).
      response.status(204).header('Cache-Control', 'no-store');
      return undefined;
    }
    try {
      const session = await this.tokens.rotate(token);
      return this.answer(session, response);
    } catch (error) {
      this.clearCookie(response);
      throw error;
    }
  }

  @Public()
  @Post('logout')
  @HttpCode(204)
  @csrfHeader
  @refreshCookieOrNone
  @ApiOperation({
    summary: 'Sign out',
    description: "Revokes the refresh cookie's whole family and clears the cookie.",
  })
  @ApiNoContentResponse({ description: 'Signed out (also when there was no session).' })
  @ApiForbiddenResponse({ description: 'Not sent by the site itself.', schema: ERROR })
  async logout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<void> {
    assertSameSite(request);
    response.header('Cache-Control', 'no-store');
    await this.tokens.revoke(readCookie(request, REFRESH_COOKIE));
    this.clearCookie(response);
  }

  @Get('session')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The signed-in admin and when the access token expires' })
  @ApiOkResponse({ type: CurrentSessionDto })
  @ApiUnauthorizedResponse({ description: 'No valid access token.', schema: ERROR })
  session(
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): CurrentSessionDto {
    response.header('Cache-Control', 'no-store');
    // The guard has checked the token and left its claims.
    const claims = request.admin!;
    return { user: { email: claims.email }, expiresAt: new Date(claims.exp * 1000).toISOString() };
  }

  private answer(session: IssuedSession, response: FastifyReply): AuthSessionDto {
    response.header('Cache-Control', 'no-store');
    response.setCookie(REFRESH_COOKIE, session.refreshToken, {
      ...this.cookieOptions(),
      expires: session.refreshExpiresAt,
    });
    return { accessToken: session.accessToken, expiresAt: session.expiresAt, user: session.user };
  }

  /** Kept across sign-outs: the device stays known to the account (known-device.ts). */
  private rememberDevice(signedIn: SignedIn, response: FastifyReply): void {
    const lifetimeSeconds = LOGIN_LIMITS.knownDevice.lifetimeSeconds;
    // Max-Age (seconds) and Expires both, as Express wrote them: Expires for older clients.
    response.setCookie(KNOWN_DEVICE_COOKIE, signedIn.knownDevice, {
      ...authCookieOptions(this.env.SITE_ORIGIN, KNOWN_DEVICE_COOKIE_PATH),
      maxAge: lifetimeSeconds,
      expires: new Date(Date.now() + lifetimeSeconds * 1000),
    });
  }

  private clearCookie(response: FastifyReply): void {
    response.clearCookie(REFRESH_COOKIE, this.cookieOptions());
  }

  private cookieOptions() {
    return authCookieOptions(this.env.SITE_ORIGIN, REFRESH_COOKIE_PATH);
  }
}
