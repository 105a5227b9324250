import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { SettingsResponseDto, UpdateSettingsDto } from './dto/settings.dto.js';
import { SettingsService } from './settings.service.js';

@ApiTags('settings')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto })
@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  @ApiOperation({ summary: "The organization's settings; secrets appear only as *_set flags" })
  @ApiOkResponse({ type: SettingsResponseDto })
  get(@CurrentActor() actor: Actor): Promise<SettingsResponseDto> {
    return this.settings.get(actor);
  }

  @Put()
  @ApiOperation({
    summary: 'Update any subset of the settings',
    description:
      'Omitted fields stay unchanged; "" clears a text field or secret. Removing the default brand from brands clears ticket_brand.',
  })
  @ApiOkResponse({ type: SettingsResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  update(@CurrentActor() actor: Actor, @Body() dto: UpdateSettingsDto): Promise<SettingsResponseDto> {
    return this.settings.update(actor, dto);
  }
}
