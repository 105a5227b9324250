import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCookieAuth, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ROLE_MESSAGES } from '@warranty-crm/contract';
import { type Actor, CurrentActor } from '../../../common/auth/actor.js';
import { RequireRole } from '../../../common/auth/roles.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { RetentionDryRunDto, RetentionPolicyDto, UpdateRetentionPolicyDto } from '../dto/retention.dto.js';
import { RetentionPolicyService } from './retention-policy.service.js';

/** Settings → Data retention (issue 35): administrators only. */
@ApiTags('settings')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto })
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Not an administrator' })
@Controller('settings/retention')
export class RetentionController {
  constructor(private readonly retention: RetentionPolicyService) {}

  @Get()
  @RequireRole('admin', ROLE_MESSAGES.settings)
  @ApiOperation({
    summary: "The organization's data retention policy",
    description: 'Days call recordings, attachments and closed tickets are kept (null: forever), what happens to closed tickets, and whether the daily task applies it.',
  })
  @ApiOkResponse({ type: RetentionPolicyDto })
  get(@CurrentActor() actor: Actor): Promise<RetentionPolicyDto> {
    return this.retention.get(actor);
  }

  @Put()
  @RequireRole('admin', ROLE_MESSAGES.settings)
  @ApiOperation({
    summary: 'Change the data retention policy',
    description:
      'Any subset. A changed period or action turns the policy off until a new dry run; `enabled: true` needs a dry run of the periods as saved and at least one period. Recorded in the audit log.',
  })
  @ApiOkResponse({ type: RetentionPolicyDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A period out of bounds, or enabling before a dry run (customer_data.retention_dry_run_required)' })
  update(@CurrentActor() actor: Actor, @Body() dto: UpdateRetentionPolicyDto): Promise<RetentionPolicyDto> {
    return this.retention.update(actor, dto);
  }

  @Post('dry-run')
  @HttpCode(200)
  @RequireRole('admin', ROLE_MESSAGES.settings)
  @ApiOperation({
    summary: 'Count what the saved policy would delete or anonymise now',
    description: 'Recordings, attachments and closed tickets past their periods at this moment; nothing is deleted or changed. Allows turning the policy on.',
  })
  @ApiOkResponse({ type: RetentionDryRunDto })
  dryRun(@CurrentActor() actor: Actor): Promise<RetentionDryRunDto> {
    return this.retention.dryRun(actor);
  }
}
