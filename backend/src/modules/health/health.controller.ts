import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/public.decorator.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { JobsStatusService } from '../../common/jobs/jobs-status.service.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly jobs: JobsStatusService) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Liveness, database reachability and the count of background jobs that ran out of attempts' })
  @ApiOkResponse({
    schema: {
      properties: {
        status: { type: 'string', example: 'ok' },
        database: { type: 'string', example: 'up' },
        jobs: { type: 'object', properties: { failed: { type: 'integer', example: 0 } } },
      },
    },
  })
  @ApiServiceUnavailableResponse({ type: ErrorResponseDto })
  async check(): Promise<{ status: string; database: string; jobs: { failed: number } }> {
    let failed: number;
    try {
      // one round trip: the count answers that the database is up too
      failed = await this.jobs.failedCount();
    } catch {
      throw new ServiceUnavailableException('Database unreachable');
    }
    return { status: 'ok', database: 'up', jobs: { failed } };
  }
}
