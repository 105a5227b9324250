import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { ROLE_MESSAGES } from '@warranty-crm/contract';
import { type Actor, CurrentActor } from '../../../common/auth/actor.js';
import { RequireRole } from '../../../common/auth/roles.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { uuidOr404 } from '../../../common/http/ids.js';
import { setContentRange } from '../../../common/http/list-query.js';
import { TicketNotFoundError } from '../../tickets/tickets.errors.js';
import { CannedReplyNotFoundError } from './canned-replies.errors.js';
import { CannedRepliesService } from './canned-replies.service.js';
import {
  CannedReplyInputDto,
  CannedReplyResponseDto,
  RenderCannedReplyQueryDto,
  RenderedCannedReplyDto,
  toCannedReplyResponse,
} from './canned-reply.dto.js';

const replyIdPipe = uuidOr404(() => new CannedReplyNotFoundError());
const ticketIdPipe = uuidOr404(() => new TicketNotFoundError());
const ADMINS_ONLY = ROLE_MESSAGES.settings;

/** Saved replies: every user reads and inserts them; admins and the owner manage them (Settings → Canned Replies). */
@ApiTags('canned-replies')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Not signed in' })
@Controller()
export class CannedRepliesController {
  constructor(private readonly replies: CannedRepliesService) {}

  @Get('canned-replies')
  @ApiOperation({ summary: "The organization's canned replies by name; Content-Range: canned-replies a-b/total" })
  @ApiOkResponse({ type: [CannedReplyResponseDto] })
  async list(@CurrentActor() actor: Actor, @Res({ passthrough: true }) res: Response): Promise<CannedReplyResponseDto[]> {
    const replies = await this.replies.list(actor);
    setContentRange(res, 'canned-replies', 0, replies.length, replies.length);
    return replies.map(toCannedReplyResponse);
  }

  @Get('canned-replies/:id')
  @ApiOperation({ summary: 'One canned reply' })
  @ApiOkResponse({ type: CannedReplyResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async get(@CurrentActor() actor: Actor, @Param('id', replyIdPipe) id: string): Promise<CannedReplyResponseDto> {
    return toCannedReplyResponse(await this.replies.get(actor, id));
  }

  @Post('canned-replies')
  @RequireRole('admin', ADMINS_ONLY)
  @ApiOperation({ summary: 'Save a canned reply' })
  @ApiCreatedResponse({ type: CannedReplyResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Another reply has this name' })
  async create(@CurrentActor() actor: Actor, @Body() dto: CannedReplyInputDto): Promise<CannedReplyResponseDto> {
    return toCannedReplyResponse(await this.replies.create(actor, dto));
  }

  @Put('canned-replies/:id')
  @RequireRole('admin', ADMINS_ONLY)
  @ApiOperation({ summary: 'Replace a canned reply' })
  @ApiOkResponse({ type: CannedReplyResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Another reply has this name' })
  async update(@CurrentActor() actor: Actor, @Param('id', replyIdPipe) id: string, @Body() dto: CannedReplyInputDto): Promise<CannedReplyResponseDto> {
    return toCannedReplyResponse(await this.replies.update(actor, id, dto));
  }

  @Delete('canned-replies/:id')
  @RequireRole('admin', ADMINS_ONLY)
  @ApiOperation({ summary: 'Delete a canned reply; answers the deleted reply' })
  @ApiOkResponse({ type: CannedReplyResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async remove(@CurrentActor() actor: Actor, @Param('id', replyIdPipe) id: string): Promise<CannedReplyResponseDto> {
    return toCannedReplyResponse(await this.replies.remove(actor, id));
  }

  @Get('tickets/:id/canned-replies/:replyId/render')
  @ApiOperation({
    summary: 'A canned reply filled from the ticket, to insert in the reply box',
    description:
      'Placeholders: {{ticket_number}}, {{customer_first_name}}, {{product}} (brand and model), {{warranty_days_left}} (the warranty rule with ' +
      "the term of the ticket's product), {{respond_by}} (the response promise, in tz). Unknown placeholders are left as written.",
  })
  @ApiOkResponse({ type: RenderedCannedReplyDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'tz is no IANA time zone' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such ticket or canned reply in your organization' })
  async render(
    @CurrentActor() actor: Actor,
    @Param('id', ticketIdPipe) ticketId: string,
    @Param('replyId', replyIdPipe) replyId: string,
    @Query() query: RenderCannedReplyQueryDto,
  ): Promise<RenderedCannedReplyDto> {
    const { reply, text } = await this.replies.render(actor, ticketId, replyId, query.tz);
    return { id: reply.id, name: reply.name, text };
  }
}
