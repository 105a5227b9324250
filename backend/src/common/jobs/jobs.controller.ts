import { Controller, Get } from '@nestjs/common';
import { ApiCookieAuth, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { RequireRole } from '../auth/roles.js';
import { type Actor, CurrentActor } from '../auth/actor.js';
import { ErrorResponseDto } from '../http/error-response.dto.js';
import { JobsOverviewDto } from './jobs-overview.dto.js';
import { JobsStatusService } from './jobs-status.service.js';

const OWNERS_ONLY = 'Only account owners can view background jobs';

@ApiTags('operations')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Not signed in' })
@ApiForbiddenResponse({ type: ErrorResponseDto, description: OWNERS_ONLY })
@RequireRole('owner', OWNERS_ONLY)
@Controller('admin/jobs')
export class JobsController {
  constructor(private readonly status: JobsStatusService) {}

  @Get()
  @ApiOperation({ summary: "The organization's background jobs: counts by state and the latest failures (account owner only)" })
  @ApiOkResponse({ type: JobsOverviewDto })
  overview(@CurrentActor() actor: Actor): Promise<JobsOverviewDto> {
    return this.status.overview();
  }
}
