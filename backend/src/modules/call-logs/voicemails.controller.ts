import { Controller, Get } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CallLogsService } from './call-logs.service.js';

@ApiTags('call-logs')
@ApiCookieAuth()
@Controller('voicemails')
export class VoicemailsController {
  constructor(private readonly callLogs: CallLogsService) {}

  @Get('stats')
  @ApiOperation({ summary: 'Unread voicemails of the organization' })
  @ApiOkResponse({ schema: { properties: { unread: { type: 'integer', example: 2 } } } })
  async stats(): Promise<{ unread: number }> {
    return { unread: await this.callLogs.unreadVoicemails() };
  }
}
