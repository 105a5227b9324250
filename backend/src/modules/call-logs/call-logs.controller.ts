import { Body, Controller, Delete, Get, Headers, Param, Patch, Query, Res } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiCookieAuth,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { writeStreamed } from '../../common/http/streamed-response.js';
import { uuidOr404 } from '../../common/http/ids.js';
import { CallLogNotFoundError } from './call-logs.errors.js';
import { setContentRange } from '../../common/http/list-query.js';
import { CallLogsService } from './call-logs.service.js';
import {
  CallLogResponseDto,
  CallLogStatsDto,
  CallLogStatsQueryDto,
  DeletedCallLogDto,
  ListCallLogsQueryDto,
  toCallLogResponse,
  UpdateCallLogDto,
} from './dto/call-log.dto.js';
import { RecordingsService } from './recordings.service.js';

const callLogIdPipe = uuidOr404(() => new CallLogNotFoundError());

@ApiTags('call-logs')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Not signed in' })
@Controller('call-logs')
export class CallLogsController {
  constructor(
    private readonly callLogs: CallLogsService,
    private readonly recordings: RecordingsService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Voicemails and calls, newest first: phone search, brand and status filters (react-admin conventions, Content-Range)' })
  @ApiOkResponse({ type: [CallLogResponseDto] })
  async list(@CurrentActor() actor: Actor, @Query() query: ListCallLogsQueryDto, @Res({ passthrough: true }) res: Response): Promise<CallLogResponseDto[]> {
    const { rows, total, list } = await this.callLogs.list(actor, query);
    setContentRange(res, 'call-logs', list.offset, rows.length, total);
    return rows.map(toCallLogResponse);
  }

  @Get('stats')
  @ApiOperation({ summary: 'Counts of the organization’s calls: total, unread, unreturned, with and without a ticket' })
  @ApiOkResponse({ type: CallLogStatsDto })
  stats(@CurrentActor() actor: Actor, @Query() query: CallLogStatsQueryDto): Promise<CallLogStatsDto> {
    return this.callLogs.stats(actor, query.brand);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One call log (a notification’s link opens it in the Phone System)' })
  @ApiOkResponse({ type: CallLogResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async getOne(@CurrentActor() actor: Actor, @Param('id', callLogIdPipe) id: string): Promise<CallLogResponseDto> {
    return toCallLogResponse(await this.callLogs.get(actor, id));
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Mark read, save notes, or mark returned (sets returned_at and returned_by)' })
  @ApiOkResponse({ type: CallLogResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async update(@CurrentActor() actor: Actor, @Param('id', callLogIdPipe) id: string, @Body() dto: UpdateCallLogDto): Promise<CallLogResponseDto> {
    return toCallLogResponse(await this.callLogs.update(actor, id, dto));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a call log' })
  @ApiOkResponse({ type: DeletedCallLogDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async remove(@CurrentActor() actor: Actor, @Param('id', callLogIdPipe) id: string): Promise<DeletedCallLogDto> {
    await this.callLogs.remove(actor, id);
    return { success: true, message: 'Call log deleted successfully' };
  }

  @Get(':id/recording')
  @ApiOperation({ summary: 'The recording’s audio, streamed from Twilio with the organization’s credentials; honours Range' })
  @ApiHeader({ name: 'Range', required: false, example: 'bytes=0-1023' })
  @ApiProduces('audio/wav')
  @ApiOkResponse({ description: 'The audio (206 for a Range)' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: 'Failed to load recording. Please refresh the page and try again.' })
  async recording(@CurrentActor() actor: Actor, @Param('id', callLogIdPipe) id: string, @Headers('range') range: string | undefined, @Res() res: Response): Promise<void> {
    const recording = await this.recordings.open(actor, id, range);
    try {
      await writeStreamed(res, recording);
    } catch (error) {
      this.recordings.endedEarly(error);
    }
  }
}
