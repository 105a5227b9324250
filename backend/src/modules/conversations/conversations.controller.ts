import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
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
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { uuidOr404 } from '../../common/http/ids.js';
import { TicketNotFoundError } from '../tickets/tickets.errors.js';
import { TicketMessageNotFoundError } from './conversations.errors.js';
import { ConversationsService } from './conversations.service.js';
import { CreateTicketMessageDto, TicketMessageResponseDto, toTicketMessageResponse } from './dto/ticket-message.dto.js';

const ticketIdPipe = uuidOr404(() => new TicketNotFoundError());
const messageIdPipe = uuidOr404(() => new TicketMessageNotFoundError());

@ApiTags('conversations')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Not signed in' })
@Controller('tickets/:id/messages')
export class ConversationsController {
  constructor(private readonly conversations: ConversationsService) {}

  @Get()
  @ApiOperation({
    summary: "The ticket's conversation, oldest first (the thread shows the newest last)",
    description: "E-mails and texts from and to the customer and the team's internal comments. Open tabs get a `ticket_message` event ({ ticket_id, message_id }) on /api/events/stream when the thread changes.",
  })
  @ApiOkResponse({ type: [TicketMessageResponseDto] })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such ticket in your organization' })
  async thread(@CurrentActor() actor: Actor, @Param('id', ticketIdPipe) id: string): Promise<TicketMessageResponseDto[]> {
    return (await this.conversations.thread(actor, id)).map(toTicketMessageResponse);
  }

  @Post()
  @ApiOperation({
    summary: 'Reply to the customer by e-mail or SMS, or add an internal comment',
    description:
      "An e-mail goes through the organization's SMTP from its support address (smtp_from_email) with a reply address that brings the answer back to this ticket; " +
      "an SMS from the number of the ticket's brand (else the organization's default number). Both are queued (status queued) and sent by a durable job: " +
      'sent, or failed with the reason after the last attempt. A comment (status internal) is never sent. The first reply to the customer meets the response promise.',
  })
  @ApiCreatedResponse({ type: TicketMessageResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Empty or too long; the customer has no e-mail or phone; SMTP or Twilio not set up; no number to text from' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such ticket in your organization' })
  async post(@CurrentActor() actor: Actor, @Param('id', ticketIdPipe) id: string, @Body() dto: CreateTicketMessageDto): Promise<TicketMessageResponseDto> {
    return toTicketMessageResponse(await this.conversations.post(actor, id, dto));
  }

  @Post(':messageId/retry')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a failed reply again (queued again, with the same Message-ID or SMS reference)' })
  @ApiOkResponse({ type: TicketMessageResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such ticket or message' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The message is not a failed reply' })
  async retry(
    @CurrentActor() actor: Actor,
    @Param('id', ticketIdPipe) id: string,
    @Param('messageId', messageIdPipe) messageId: string,
  ): Promise<TicketMessageResponseDto> {
    return toTicketMessageResponse(await this.conversations.retry(actor, id, messageId));
  }
}
