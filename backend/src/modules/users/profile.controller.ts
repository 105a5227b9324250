import { Body, Controller, HttpCode, Patch, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { AllowPendingPasswordChange } from '../../common/auth/public.decorator.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { ChangePasswordDto, UpdateProfileDto } from './dto/profile.dto.js';
import { SuccessResponseDto } from './dto/success-response.dto.js';
import { toUserResponse, UserResponseDto } from './dto/user-response.dto.js';
import { ProfileService } from './profile.service.js';

@ApiTags('profile')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Not signed in' })
@Controller('user')
export class ProfileController {
  constructor(private readonly profile: ProfileService) {}

  @Patch('profile')
  @ApiOperation({ summary: "Change the signed-in user's personal information; an empty string clears a field" })
  @ApiOkResponse({ type: UserResponseDto, description: 'The updated user' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async update(@CurrentActor() actor: Actor, @Body() dto: UpdateProfileDto): Promise<UserResponseDto> {
    return toUserResponse(await this.profile.update(actor, dto));
  }

  @Post('change-password')
  @HttpCode(200)
  @AllowPendingPasswordChange()
  @ApiOperation({ summary: 'Change the password; ends every other session of the user and clears must_change_password' })
  @ApiOkResponse({ type: SuccessResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Current password is incorrect, or the new one is too short' })
  async changePassword(@CurrentActor() actor: Actor, @Body() dto: ChangePasswordDto, @Req() req: Request): Promise<SuccessResponseDto> {
    await this.profile.changePassword(actor, dto, req.sessionID);
    return { success: true };
  }
}
