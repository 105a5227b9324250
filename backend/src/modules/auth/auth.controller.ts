import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  ApiOperation,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { AllowPendingPasswordChange, NO_PENDING_PASSWORD_CHANGE, Public, RequirePendingPasswordChange } from '../../common/auth/public.decorator.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { toUserResponse, UserResponseDto } from '../users/dto/user-response.dto.js';
import { AuthService, toActor } from './auth.service.js';
import { ForcedPasswordChangeDto, LoginDto, RegisterDto, SessionResponseDto } from './dto/auth.dto.js';
import { LocalAuthGuard } from './local-auth.guard.js';
import { logIn, logOut } from './session.js';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post('register')
  @ApiOperation({ summary: 'Create an organization with this user as its account owner, and sign in' })
  @ApiOkResponse({ type: UserResponseDto, description: 'The new user; the response sets the session cookie' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Username already exists' })
  async register(@Body() dto: RegisterDto, @Req() req: Request): Promise<UserResponseDto> {
    const user = await this.auth.register(dto.username, dto.password, dto.organization_name);
    await logIn(req, toActor(user));
    return toUserResponse(user);
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @UseGuards(LocalAuthGuard)
  @ApiOperation({ summary: 'Sign in with username and password' })
  @ApiOkResponse({ type: UserResponseDto, description: 'The user; the response sets the session cookie' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Invalid username or password' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Too many failed attempts' })
  async login(@Body() _credentials: LoginDto, @CurrentActor() actor: Actor): Promise<UserResponseDto> {
    return toUserResponse(await this.auth.currentUser(actor));
  }

  @Post('logout')
  @HttpCode(200)
  @AllowPendingPasswordChange()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'End the session' })
  @ApiOkResponse({ schema: { properties: { success: { type: 'boolean' } } } })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ success: boolean }> {
    await logOut(req, res, this.config.session.cookieName);
    return { success: true };
  }

  /**
   * The admin's first question on a page load (issue 34): asked through GET /api/user, a signed-out
   * visit logged a 401 in the browser's console on every visit to /auth.
   */
  @Public()
  @Get('session')
  @ApiOperation({
    summary: 'Who is signed in, if anyone',
    description:
      'Anyone may call it. Always 200: `user` is the signed-in user (as GET /api/user answers it), or null without a valid session ' +
      '(none, expired, or its user removed). For a client that does not yet know whether it is signed in; GET /api/user answers 401 instead.',
  })
  @ApiOkResponse({ type: SessionResponseDto })
  async session(@CurrentActor() actor: Actor | undefined, @Req() req: Request): Promise<SessionResponseDto> {
    if (!actor) return { user: null };
    // As GET /api/user: the row the session store read with the session (and caches), no query of its own.
    const row = req.sessionUser;
    if (row && row.id === actor.id) return { user: { ...row } as unknown as UserResponseDto };
    const user = await this.auth.sessionUser(actor);
    return { user: user ? toUserResponse(user) : null };
  }

  @Get('user')
  @AllowPendingPasswordChange()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiOkResponse({ type: UserResponseDto })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto })
  async me(@CurrentActor() actor: Actor, @Req() req: Request): Promise<UserResponseDto> {
    // The row the session store read with the session (and keeps in its cache): no query of its own.
    const row = req.sessionUser;
    if (row && row.id === actor.id) return { ...row } as unknown as UserResponseDto;
    return toUserResponse(await this.auth.currentUser(actor));
  }

  @Post('change-password')
  @HttpCode(200)
  @RequirePendingPasswordChange()
  @ApiCookieAuth()
  @ApiOperation({
    summary: 'Replace a temporary password (forced change); clears must_change_password',
    description: 'Only while must_change_password is set. Any other change goes through POST /api/user/change-password with the current password.',
  })
  @ApiOkResponse({ type: UserResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: NO_PENDING_PASSWORD_CHANGE })
  async changeForcedPassword(
    @CurrentActor() actor: Actor,
    @Body() dto: ForcedPasswordChangeDto,
    @Req() req: Request,
  ): Promise<UserResponseDto> {
    const user = await this.auth.changeForcedPassword(actor, dto.newPassword);
    req.user = toActor(user);
    return toUserResponse(user);
  }
}
