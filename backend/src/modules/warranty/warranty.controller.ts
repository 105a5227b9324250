import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
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
import { DecisionDto, DecisionResponseDto } from './dto/decision.dto.js';
import {
  CreateResolutionDto,
  ResolutionItemsDto,
  ResolutionResponseDto,
  toResolutionResponse,
  toWarrantyOutcome,
  UpdateResolutionDto,
  WarrantyOutcomeDto,
} from './dto/resolution.dto.js';
import { WarrantyDecisionService } from './warranty-decision.service.js';
import { WarrantyResolutionService } from './warranty-resolution.service.js';

const ticketIdPipe = uuidOr404(() => new TicketNotFoundError());

/** A claim's decision and its resolution (agents work them: no role beyond signed in). */
@ApiTags('warranty')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Not signed in' })
@ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such ticket in your organization' })
@Controller('tickets/:id')
export class WarrantyController {
  constructor(
    private readonly decisions: WarrantyDecisionService,
    private readonly resolutions: WarrantyResolutionService,
  ) {}

  @Post('decision')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Approve or deny the claim (or change its decision)',
    description:
      "A denial needs one of the organization's denial reasons (GET /api/settings/warranty). With notify_customer the customer is told through the " +
      "ticket's conversation from the organization's template: by e-mail when the ticket has a customer e-mail, else by SMS, else nobody (notification.channel none). " +
      'Recorded in the activity. A claim with a resolution cannot be denied (400 warranty.resolution_exists).',
  })
  @ApiOkResponse({ type: DecisionResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'warranty.reason_required, warranty.unknown_reason, warranty.resolution_exists, conversations.no_smtp, …' })
  decide(@CurrentActor() actor: Actor, @Param('id', ticketIdPipe) id: string, @Body() dto: DecisionDto): Promise<DecisionResponseDto> {
    return this.decisions.decide(actor, id, dto);
  }

  @Get('resolution')
  @ApiOperation({ summary: "The claim's decision and resolution (each null until made)" })
  @ApiOkResponse({ type: WarrantyOutcomeDto })
  async outcome(@CurrentActor() actor: Actor, @Param('id', ticketIdPipe) id: string): Promise<WarrantyOutcomeDto> {
    const { claim, resolution } = await this.resolutions.outcome(actor, id);
    return toWarrantyOutcome(claim, resolution);
  }

  @Post('resolution')
  @ApiOperation({
    summary: "Create the approved claim's resolution",
    description: "With the organization's next RMA number (RMA-000123, gapless per organization), state awaiting_return, its items and shipments.",
  })
  @ApiCreatedResponse({ type: ResolutionResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'warranty.not_approved, warranty.resolution_exists, or a field rule' })
  async create(@CurrentActor() actor: Actor, @Param('id', ticketIdPipe) id: string, @Body() dto: CreateResolutionDto): Promise<ResolutionResponseDto> {
    return toResolutionResponse(await this.resolutions.create(actor, id, dto));
  }

  @Patch('resolution')
  @ApiOperation({
    summary: 'Change the resolution: state (one of next_states), type (while awaiting the return), shipments, items',
    description: 'States: awaiting_return → received → shipped → delivered (a replacement or parts may ship before the return), a refund → received → refunded.',
  })
  @ApiOkResponse({ type: ResolutionResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'warranty.transition_refused, warranty.type_locked, or a field rule' })
  async update(@CurrentActor() actor: Actor, @Param('id', ticketIdPipe) id: string, @Body() dto: UpdateResolutionDto): Promise<ResolutionResponseDto> {
    return toResolutionResponse(await this.resolutions.update(actor, id, dto));
  }

  @Put('resolution/items')
  @ApiOperation({ summary: "Replace the resolution's items (line totals and total cost follow)" })
  @ApiOkResponse({ type: ResolutionResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async items(@CurrentActor() actor: Actor, @Param('id', ticketIdPipe) id: string, @Body() dto: ResolutionItemsDto): Promise<ResolutionResponseDto> {
    return toResolutionResponse(await this.resolutions.update(actor, id, { items: dto.items }));
  }
}
