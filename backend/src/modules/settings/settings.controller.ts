import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBadGatewayResponse, ApiBadRequestResponse, ApiConflictResponse, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { ROLE_MESSAGES } from '@warranty-crm/contract';
import { RequireRole } from '../../common/auth/roles.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { RetellAgentCheckDto, SettingsResponseDto, UpdateSettingsDto } from './dto/settings.dto.js';
import { RetellAgentService } from './retell-agent.service.js';
import { SettingsService } from './settings.service.js';

/** The 403 of every settings write for an agent. */
export const SETTINGS_ADMINS_ONLY = ROLE_MESSAGES.settings;

@ApiTags('settings')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto })
@Controller('settings')
export class SettingsController {
  constructor(
    private readonly settings: SettingsService,
    private readonly retellAgent: RetellAgentService,
  ) {}

  @Get()
  @ApiOperation({ summary: "The organization's settings; secrets appear only as *_set flags" })
  @ApiOkResponse({ type: SettingsResponseDto })
  get(@CurrentActor() actor: Actor): Promise<SettingsResponseDto> {
    return this.settings.get(actor);
  }

  @Get('retell-agent')
  @RequireRole('admin', SETTINGS_ADMINS_ONLY)
  @ApiOperation({
    summary: 'Check the configured Retell agent',
    description: "Asks Retell (with the stored API key) for the agent and tells which brand webhook its webhook URL is, if any.",
  })
  @ApiOkResponse({ type: RetellAgentCheckDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'No key or agent saved, key rejected, or no such agent' })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: 'Retell could not be reached' })
  checkRetellAgent(@CurrentActor() actor: Actor): Promise<RetellAgentCheckDto> {
    return this.retellAgent.check(actor);
  }

  @Put()
  @RequireRole('admin', SETTINGS_ADMINS_ONLY)
  @ApiOperation({
    summary: 'Update any subset of the settings',
    description:
      'Omitted fields stay unchanged; "" clears a text field or secret. Removing the default brand from brands clears ticket_brand.',
  })
  @ApiOkResponse({ type: SettingsResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'A removed brand still has products (delete them first)' })
  update(@CurrentActor() actor: Actor, @Body() dto: UpdateSettingsDto): Promise<SettingsResponseDto> {
    return this.settings.update(actor, dto);
  }
}
