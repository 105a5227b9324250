import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCookieAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { type Actor, CurrentActor } from '../../../common/auth/actor.js';
import { RequireRole } from '../../../common/auth/roles.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { type AutoAssignmentSettings, AutoAssignment } from './auto-assignment.service.js';
import { AutoAssignmentDto, UpdateAutoAssignmentDto } from './dto/auto-assignment.dto.js';

const toDto = (s: AutoAssignmentSettings): AutoAssignmentDto => ({ enabled: s.enabled, agent_ids: s.agentIds });

@ApiTags('settings')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Not signed in' })
@Controller('settings/auto-assignment')
export class AutoAssignmentController {
  constructor(private readonly auto: AutoAssignment) {}

  @Get()
  @ApiOperation({ summary: 'Automatic assignment of new tickets (Settings → Tickets): on or off, and the agents they rotate among' })
  @ApiOkResponse({ type: AutoAssignmentDto })
  async get(@CurrentActor() actor: Actor): Promise<AutoAssignmentDto> {
    return toDto(await this.auto.settings(actor));
  }

  @Put()
  @RequireRole('admin')
  @ApiOperation({ summary: 'Turn automatic assignment on or off and choose the agents new tickets rotate among (round-robin)' })
  @ApiOkResponse({ type: AutoAssignmentDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'An agent is no user of your organization' })
  async update(@CurrentActor() actor: Actor, @Body() dto: UpdateAutoAssignmentDto): Promise<AutoAssignmentDto> {
    return toDto(await this.auto.update(actor, { enabled: dto.enabled, agentIds: dto.agent_ids }));
  }
}
