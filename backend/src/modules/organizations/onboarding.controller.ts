import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { RequireRole } from '../../common/auth/roles.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { OnboardingResponseDto, toOnboardingResponse } from './dto/onboarding-response.dto.js';
import { OnboardingService } from './onboarding.service.js';

export const ONBOARDING_OWNERS_ONLY = 'Only the account owner can dismiss the setup checklist';

@ApiTags('onboarding')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Not signed in' })
@Controller('onboarding')
export class OnboardingController {
  constructor(private readonly onboarding: OnboardingService) {}

  @Get()
  @ApiOperation({
    summary: 'The setup checklist',
    description: 'The new organization\'s setup steps in order (brands, products, smtp, twilio, team), each `done` as the '
      + "organization's data shows it, and whether the checklist was dismissed. Any signed-in member. Errors: 401.",
  })
  @ApiOkResponse({ type: OnboardingResponseDto })
  async get(@CurrentActor() actor: Actor): Promise<OnboardingResponseDto> {
    return toOnboardingResponse(await this.onboarding.get(actor));
  }

  @Post('dismiss')
  @HttpCode(200)
  @RequireRole('owner', ONBOARDING_OWNERS_ONLY)
  @ApiOperation({
    summary: 'Dismiss the setup checklist',
    description: 'Hides the checklist for the whole organization (idempotent). Account owner only. Errors: 401, 403.',
  })
  @ApiOkResponse({ type: OnboardingResponseDto })
  async dismiss(@CurrentActor() actor: Actor): Promise<OnboardingResponseDto> {
    return toOnboardingResponse(await this.onboarding.dismiss(actor));
  }
}
