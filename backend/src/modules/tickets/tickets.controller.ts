import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { uuidOr404 } from '../../common/http/ids.js';
import { TicketNotFoundError } from './tickets.errors.js';
import { setContentRange } from '../../common/http/list-query.js';
import { BulkDeletedDto, BulkDeleteTicketsDto, BulkUpdatedDto, BulkUpdateTicketsDto } from './dto/bulk-tickets.dto.js';
import { CreateTicketDto, CreateTicketFromCallDto, TicketIntakeDto } from './dto/create-ticket.dto.js';
import { TicketActivityEntryDto } from './dto/ticket-activity.dto.js';
import { AssignmentCountsDto, ListTicketsQueryDto, RecentTicketsQueryDto } from './dto/list-tickets-query.dto.js';
import {
  CreatedTicketResponseDto,
  TicketCallLogDto,
  TicketAssigneeDto,
  TicketDetailResponseDto,
  TicketListRowDto,
  TicketResponseDto,
  toTicketListRow,
  toTicketCallLog,
} from './dto/ticket-response.dto.js';
import { UpdateTicketDto } from './dto/update-ticket.dto.js';
import { MergeTicketDto, TicketMergeResultDto } from './dto/merge-ticket.dto.js';
import { TicketMergeService } from './ticket-merge.service.js';
import { rowsBody } from './ticket-list-rows-body.js';
import { TicketAssignment } from './assignment/ticket-assignment.service.js';
import { TicketActivityService } from './ticket-activity.service.js';
import { TicketBulkService } from './ticket-bulk.service.js';
import { TicketListService } from './ticket-list.service.js';
import { TicketResponses } from './ticket-responses.service.js';
import { type CreatedTicket, TicketsService } from './tickets.service.js';
import { TicketSerialHistory } from './serial-history.js';

/**
 * Fixed paths (recent, bulk-*) are declared before /:id so they are never read as an id; the
 * dashboard's /tickets/metrics* are ticket-analytics' (TicketMetricsController), whose module comes
 * before this one in AppModule so its routes are matched first.
 */
/** A malformed id is no ticket of the organization: the same 404 as another organization's id. */
const ticketIdPipe = uuidOr404(() => new TicketNotFoundError());

@ApiTags('tickets')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Not signed in' })
@Controller('tickets')
export class TicketsController {
  constructor(
    private readonly tickets: TicketsService,
    private readonly list: TicketListService,
    private readonly bulk: TicketBulkService,
    private readonly responses: TicketResponses,
    private readonly activity: TicketActivityService,
    private readonly merges: TicketMergeService,
    private readonly assignment: TicketAssignment,
    private readonly serialHistory: TicketSerialHistory,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create a ticket from the create payload (spec part 1 section 3); finds or creates the customer' })
  @ApiCreatedResponse({ type: CreatedTicketResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The first failing rule in error, every failure in errors' })
  @ApiBody({
    type: CreateTicketDto,
    description: 'A question the organization does not ask (settings.ticket_fields_enabled) is not required, and a value sent for it is ignored',
  })
  async create(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<CreatedTicketResponseDto> {
    return this.created(await this.tickets.create(actor, body));
  }

  @Post('from-call')
  @ApiOperation({
    summary: "Create a call's ticket from the Phone System's form: brand, product model, issue description, priority",
    description: "The caller is the customer and the call is linked; the intake fields it lacks are completed later (PUT /api/tickets/{id}/intake).",
  })
  @ApiCreatedResponse({ type: CreatedTicketResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such call log in your organization' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The call already has a ticket' })
  async createFromCall(@CurrentActor() actor: Actor, @Body() dto: CreateTicketFromCallDto): Promise<CreatedTicketResponseDto> {
    return this.created(await this.tickets.createFromCall(actor, dto));
  }

  /** The create's answer: its products and possible duplicates came with its insert. */
  private created({ ticket, products, possibleDuplicates }: CreatedTicket): CreatedTicketResponseDto {
    return { ticketNumber: ticket.ticketNumber, ...this.responses.withProducts([ticket], products)[0]!, possibleDuplicates };
  }

  @Get()
  @ApiOperation({
    summary: "List the organization's tickets, newest first",
    description:
      'Filters as plain parameters or inside react-admin `filter` (also `q` and `ids`). Answers `Content-Range: tickets a-b/total`. ' +
      'Without `range` at most 1000 tickets are returned. The total is exact for the status, brand, priority and date filters; ' +
      'with a search (`q`) it is exact up to 1000 matches and an estimate beyond, and then the response carries ' +
      '`X-Total-Count-Estimated: true` (show it as "about N"). A full page carries `X-Next-Cursor`: pass it as `cursor` for the next ' +
      'page (any depth, constant time). Offset pages (`range`) reach offset 100000; beyond, a 400 asks for the cursor.',
  })
  @ApiExtraModels(TicketListRowDto)
  @ApiOkResponse({
    description: 'Whole tickets, or with `view=row` each as a TicketListRow (what the ticket list shows)',
    schema: { type: 'array', items: { oneOf: [{ $ref: getSchemaPath(TicketResponseDto) }, { $ref: getSchemaPath(TicketListRowDto) }] } },
    headers: {
      'Content-Range': { description: 'tickets <start>-<end>/<total>', schema: { type: 'string' } },
      'X-Total-Count-Estimated': { description: '"true" when the total is an estimate (a search beyond 1000 matches)', schema: { type: 'string' } },
      'X-Next-Cursor': { description: 'The cursor of the next page; absent on the last page', schema: { type: 'string' } },
    },
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async findAll(
    @CurrentActor() actor: Actor,
    @Query() query: ListTicketsQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TicketResponseDto[] | string> {
    const page = await this.list.list(actor, query);
    setContentRange(res, 'tickets', page.offset, page.tickets.length, page.total);
    const exposed = ['Content-Range'];
    if (page.totalEstimated) {
      res.setHeader('X-Total-Count-Estimated', 'true');
      exposed.push('X-Total-Count-Estimated');
    }
    if (page.nextCursor) {
      res.setHeader('X-Next-Cursor', page.nextCursor);
      exposed.push('X-Next-Cursor');
    }
    res.setHeader('Access-Control-Expose-Headers', exposed.join(', '));
    if (query.view === 'row') {
      // The rows' JSON, written once for a page the list cache holds (ticket-list-rows-body.ts).
      const rows = rowsBody(page, (now) => this.responses.withProducts(page.tickets, page.products, now).map(toTicketListRow));
      res.type('application/json').setHeader('ETag', rows.etag);
      return rows.body;
    }
    return this.responses.withProducts(page.tickets, page.products);
  }

  @Get('recent')
  @ApiOperation({ summary: 'The latest tickets with their customers (10 unless limit, at most 50)' })
  @ApiOkResponse({ type: [TicketResponseDto] })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async recent(@CurrentActor() actor: Actor, @Query() query: RecentTicketsQueryDto): Promise<TicketResponseDto[]> {
    return this.responses.many(actor.organizationId, await this.list.recent(actor, query.limit));
  }

  @Get('assignees')
  @ApiOperation({ summary: 'Who tickets can be assigned to: the users of the organization, by name' })
  @ApiOkResponse({ type: [TicketAssigneeDto] })
  assignees(@CurrentActor() actor: Actor): Promise<TicketAssigneeDto[]> {
    return this.assignment.assignable(actor);
  }

  @Get('assignment-counts')
  @ApiOperation({ summary: 'The list sidebar\'s counts: tickets assigned to the signed-in user, and unassigned tickets' })
  @ApiOkResponse({ type: AssignmentCountsDto })
  assignmentCounts(@CurrentActor() actor: Actor): Promise<AssignmentCountsDto> {
    return this.list.assignmentCounts(actor);
  }

  @Patch('bulk-update')
  @ApiOperation({ summary: 'Set the status, the priority and/or the assignee of many tickets; ids of other organizations are ignored' })
  @ApiOkResponse({ type: BulkUpdatedDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'assignee_id is no user of your organization' })
  async bulkUpdate(@CurrentActor() actor: Actor, @Body() dto: BulkUpdateTicketsDto): Promise<BulkUpdatedDto> {
    return { updated: await this.bulk.update(actor, dto.ticketIds, { status: dto.status, priority: dto.priority, assigneeId: dto.assignee_id }) };
  }

  @Delete('bulk-delete')
  @ApiOperation({ summary: 'Delete many tickets in one statement; ids of other organizations are ignored' })
  @ApiOkResponse({ type: BulkDeletedDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async bulkDelete(@CurrentActor() actor: Actor, @Body() dto: BulkDeleteTicketsDto): Promise<BulkDeletedDto> {
    return { deleted: await this.bulk.delete(actor, dto.ticketIds) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'One ticket with its customer' })
  @ApiOkResponse({ type: TicketDetailResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such ticket in your organization' })
  async findOne(@CurrentActor() actor: Actor, @Param('id', ticketIdPipe) id: string): Promise<TicketDetailResponseDto> {
    const { ticket, products, possibleDuplicates, mergedInto } = await this.tickets.detail(actor, id);
    return {
      ...this.responses.withProducts([ticket], products)[0]!,
      possible_duplicates: possibleDuplicates,
      merged_into: mergedInto,
      // Earlier claims on the serial are among the possible duplicates (matched on it): only then is there a history to read.
      serial_history: possibleDuplicates.some((d) => d.matched_on.includes('serial_number'))
        ? await this.serialHistory.of(actor.organizationId, ticket.id)
        : [],
    };
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change status, priority, description (notes are appended to it), purchase verification or the assignee' })
  @ApiOkResponse({ type: TicketResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async update(@CurrentActor() actor: Actor, @Param('id', ticketIdPipe) id: string, @Body() dto: UpdateTicketDto): Promise<TicketResponseDto> {
    return this.responses.one(actor.organizationId, await this.tickets.update(actor, id, dto));
  }

  @Put(':id/intake')
  @ApiOperation({
    summary: "The Edit view: replace the ticket's customer, order, product, issue, priority and brand",
    description:
      'The create payload with the create\'s rules; a question the organization does not ask is not required and keeps the ticket\'s value. ' +
      'Omitted priority keeps the current one.',
  })
  @ApiBody({ type: TicketIntakeDto })
  @ApiOkResponse({ type: TicketResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The first failing rule in error, every failure in errors' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async updateIntake(@CurrentActor() actor: Actor, @Param('id', ticketIdPipe) id: string, @Body() body: unknown): Promise<TicketResponseDto> {
    return this.responses.one(actor.organizationId, await this.tickets.updateIntake(actor, id, body));
  }

  @Post(':id/merge')
  @ApiOperation({
    summary: 'Merge this ticket (a duplicate claim) into another',
    description:
      "Its calls, notes and messages move to the other ticket, its description is appended there as a note, and it is Closed with merged_into_id " +
      "naming the other; both activity trails record it (merged_into, merged_from). One transaction.",
  })
  @ApiOkResponse({ type: TicketMergeResultDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Into itself, a ticket already merged, or into a merged ticket' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Either ticket is not one of your organization' })
  async merge(@CurrentActor() actor: Actor, @Param('id', ticketIdPipe) id: string, @Body() dto: MergeTicketDto): Promise<TicketMergeResultDto> {
    const result = await this.merges.merge(actor, id, dto.into_ticket_id);
    const [ticket, merged] = await this.responses.many(actor.organizationId, [result.target, result.merged]);
    return { ticket: ticket!, merged_ticket: merged!, moved: result.moved };
  }

  @Get(':id/call-logs')
  @ApiOperation({ summary: 'Calls linked to the ticket, newest first' })
  @ApiOkResponse({ type: [TicketCallLogDto] })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async callLogs(@CurrentActor() actor: Actor, @Param('id', ticketIdPipe) id: string): Promise<TicketCallLogDto[]> {
    return (await this.tickets.callLogs(actor, id)).map(toTicketCallLog);
  }

  @Get(':id/activity')
  @ApiOperation({
    summary: "The ticket's activity trail, oldest first",
    description:
      'Its creation (by which user, or which channel), status changes, notes, description and priority edits, purchase verification ' +
      'on or off, linked calls and their return, and the outcome of the confirmation e-mail.',
  })
  @ApiOkResponse({ type: [TicketActivityEntryDto] })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  activityOf(@CurrentActor() actor: Actor, @Param('id', ticketIdPipe) id: string): Promise<TicketActivityEntryDto[]> {
    return this.activity.list(actor, id);
  }
}
