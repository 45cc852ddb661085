import { Body, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import {
  LoginRequestSchema,
  LoginResponseSchema,
  ProfileSchema,
  REFRESH_COOKIE,
  REFRESH_TOKEN_TTL_SECONDS,
  TwoFactorSetupSchema,
} from '@backoffice/contracts';
import { ApiController, ApiResult, CurrentUser, type CurrentUserData, Public, SERVICE_CONFIG } from '@backoffice/platform';
import type { IdentityConfig } from '../identity.config';
import { AuthService, type IssuedSession } from './auth.service';

class LoginDto extends createZodDto(LoginRequestSchema) {}
class TwoFactorSetupLoginDto extends createZodDto(LoginRequestSchema.pick({ username: true, password: true })) {}

type CookieReply = FastifyReply & {
  setCookie(name: string, value: string, options: Record<string, unknown>): FastifyReply;
  clearCookie(name: string, options: Record<string, unknown>): FastifyReply;
};
type CookieRequest = FastifyRequest & { cookies: Record<string, string | undefined> };

@ApiController({ tag: 'auth', path: 'api/auth' })
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  private cookieOptions() {
    return { path: '/api/auth', httpOnly: true, sameSite: 'strict', secure: this.config.COOKIE_SECURE };
  }

  private send(reply: CookieReply, session: IssuedSession) {
    reply.setCookie(REFRESH_COOKIE, session.refreshCookie, { ...this.cookieOptions(), maxAge: REFRESH_TOKEN_TTL_SECONDS });
    return {
      accessToken: session.accessToken,
      expiresIn: session.expiresIn,
      user: session.user,
      ...(session.recoveryCodes ? { recoveryCodes: session.recoveryCodes } : {}),
    };
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiResult(LoginResponseSchema, {
    summary: 'Sign in (staff)',
    description: 'Signed in: an access token, and the refresh token in an HTTP-only cookie.',
  })
  async login(@Body() body: LoginDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: CookieReply) {
    return this.send(reply, await this.auth.login(body, request.ip));
  }

  /** A new authenticator secret for a user whose role requires two-factor sign-in and who has none yet. */
  @Public()
  @Post('login/two-factor-setup')
  @HttpCode(200)
  @ApiResult(TwoFactorSetupSchema, { summary: 'Begin two-factor setup while signing in' })
  twoFactorSetup(@Body() body: TwoFactorSetupLoginDto, @Req() request: FastifyRequest) {
    return this.auth.twoFactorSetupAtLogin(body, request.ip);
  }

  @Public()
  @Post('refresh')
  @HttpCode(200)
  @ApiResult(LoginResponseSchema, { summary: 'Refresh the access token (refresh cookie)' })
  async refresh(@Req() request: CookieRequest, @Res({ passthrough: true }) reply: CookieReply) {
    return this.send(reply, await this.auth.refresh(request.cookies[REFRESH_COOKIE]));
  }

  @Public()
  @Post('logout')
  @HttpCode(204)
  @ApiResult(null, { summary: 'Sign out (ends the session)' })
  async logout(@Req() request: CookieRequest, @Res({ passthrough: true }) reply: CookieReply) {
    await this.auth.logout(request.cookies[REFRESH_COOKIE]);
    reply.clearCookie(REFRESH_COOKIE, this.cookieOptions());
  }

  @Get('profile')
  @ApiResult(ProfileSchema, { summary: "The signed-in user's profile" })
  profile(@CurrentUser() user: CurrentUserData) {
    return this.auth.profile(user.id);
  }
}
