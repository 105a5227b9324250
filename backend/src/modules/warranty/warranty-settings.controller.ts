import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCookieAuth, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { RequireRole } from '../../common/auth/roles.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { UpdateWarrantySettingsDto, WarrantySettingsDto } from './dto/warranty-settings.dto.js';
import { WarrantySettingsService } from './warranty-settings.service.js';

@ApiTags('settings')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Not signed in' })
@Controller('settings/warranty')
export class WarrantySettingsController {
  constructor(private readonly settings: WarrantySettingsService) {}

  @Get()
  @ApiOperation({ summary: 'The denial reasons and the approval / denial templates (the defaults until edited)' })
  @ApiOkResponse({ type: WarrantySettingsDto })
  get(@CurrentActor() actor: Actor): Promise<WarrantySettingsDto> {
    return this.settings.get(actor.organizationId);
  }

  @Put()
  @RequireRole('admin')
  @ApiOperation({ summary: 'Edit the denial reasons and the templates (an empty template: back to the default)' })
  @ApiOkResponse({ type: WarrantySettingsDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto })
  update(@CurrentActor() actor: Actor, @Body() dto: UpdateWarrantySettingsDto): Promise<WarrantySettingsDto> {
    return this.settings.update(actor, dto);
  }
}
