import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ROLE_MESSAGES } from '@warranty-crm/contract';
import { type Actor, CurrentActor } from '../../../common/auth/actor.js';
import { RequireRole } from '../../../common/auth/roles.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { InboundEmailSettingsDto, InboundSigningKeyDto, UpdateInboundEmailSettingsDto } from './dto/inbound-email-settings.dto.js';
import { InboundEmailSettingsService } from './inbound-email-settings.service.js';

@ApiTags('settings')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto })
@Controller('settings/inbound-email')
export class InboundEmailSettingsController {
  constructor(private readonly settings: InboundEmailSettingsService) {}

  @Get()
  @RequireRole('admin', ROLE_MESSAGES.settings)
  @ApiOperation({ summary: 'Inbound e-mail: the support address mail is taken for, the SMTP receiver, the webhook URL and whether its signing key is set' })
  @ApiOkResponse({ type: InboundEmailSettingsDto })
  get(@CurrentActor() actor: Actor): Promise<InboundEmailSettingsDto> {
    return this.settings.get(actor);
  }

  @Put()
  @RequireRole('admin', ROLE_MESSAGES.settings)
  @ApiOperation({ summary: 'Set the inbound address or the webhook signing key (write-only); omitted fields stay' })
  @ApiOkResponse({ type: InboundEmailSettingsDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Another organization receives e-mail at this address' })
  update(@CurrentActor() actor: Actor, @Body() dto: UpdateInboundEmailSettingsDto): Promise<InboundEmailSettingsDto> {
    return this.settings.update(actor, dto);
  }

  @Post('signing-key')
  @HttpCode(200)
  @RequireRole('admin', ROLE_MESSAGES.settings)
  @ApiOperation({ summary: 'Generate a new webhook signing key; the answer shows it once' })
  @ApiOkResponse({ type: InboundSigningKeyDto })
  generateSigningKey(@CurrentActor() actor: Actor): Promise<InboundSigningKeyDto> {
    return this.settings.generateSigningKey(actor);
  }
}
