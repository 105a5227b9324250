import { Injectable } from '@nestjs/common';
import { SettingsService } from '../settings/settings.service.js';
import type { TenantContext } from '../../common/tenancy/tenant-runner.js';
import { ProductWarrantyTerms, termDaysFrom } from '../settings/products/product-warranty-terms.js';
import type { Webhook } from '../settings/webhook.entity.js';
import { Ticket } from '../tickets/ticket.entity.js';
import { type CreatedTicket, TicketsService } from '../tickets/tickets.service.js';
import { isQuestionAsked, type TicketQuestion, warrantyStatus, type WarrantyStatus } from '@warranty-crm/contract';
import { AgentCallsService } from './agent-calls.service.js';
import {
  AGENT_TICKET_MESSAGES,
  WarrantyTicketArgsDto,
  WarrantyTicketFunctionDto,
  type WarrantyTicketResultDto,
} from './dto/create-warranty-ticket.dto.js';
import { AgentArgumentError, CallIdMissingError } from './voice-agent.errors.js';
import { validatePayload } from '../../common/http/validate-payload.js';

/** The function's arguments that are ticket questions (named as the questions are). */
const AGENT_QUESTION_ARGS = ['product_model', 'purchase_location', 'purchase_date', 'issue_description', 'injury_reported', 'property_damage'] as const satisfies readonly (TicketQuestion & keyof WarrantyTicketArgsDto)[];

/** The sentence the agent says about the ticket. */
export function speakableResult(ticketNumber: string, warranty: WarrantyStatus): string {
  const opening = `Your warranty ticket number is ${ticketNumber}.`;
  if (warranty.under_warranty === null) return `${opening} We could not check the warranty without a purchase date; our team will follow up.`;
  if (!warranty.under_warranty) return `${opening} Your product is outside its warranty period; our team will follow up with your options.`;
  if (warranty.warranty_days_left === null) return `${opening} Your product is covered by a lifetime warranty.`;
  const days = warranty.warranty_days_left;
  return `${opening} Your product is under warranty, with ${days} ${days === 1 ? 'day' : 'days'} left.`;
}

/**
 * The agent's create_warranty_ticket function: one ticket per call, made through the tickets
 * module's own create path (numbering, customer matching, ticket.created), linked to the call.
 */
@Injectable()
export class WarrantyTicketFunction {
  constructor(
    private readonly calls: AgentCallsService,
    private readonly tickets: TicketsService,
    private readonly terms: ProductWarrantyTerms,
    private readonly settings: SettingsService,
  ) {}

  /** Accepts Retell's `{ call, args }` request, or the arguments alone (with their own call_id). */
  async parse(body: unknown): Promise<WarrantyTicketFunctionDto> {
    const hasArgs = typeof body === 'object' && body !== null && 'args' in body;
    const request = await validatePayload(WarrantyTicketFunctionDto, hasArgs ? body : { args: body });
    const callId = request.call?.call_id ?? request.args.call_id;
    if (!callId) throw new CallIdMissingError();
    request.call = { ...(request.call ?? {}), call_id: callId };
    return request;
  }

  async run(ctx: TenantContext, webhook: Webhook, request: WarrantyTicketFunctionDto): Promise<WarrantyTicketResultDto> {
    const call = request.call!;
    const log = await this.calls.record(ctx, webhook, call);
    // A retry of the function (or a second call of it) answers the ticket already made.
    const created = log.ticket ? null : await this.createTicket(ctx, webhook, request.args, log.fromPhone ?? null);
    const ticket = created?.ticket ?? (await ctx.em.getRepository(Ticket).ofOrganizationOrFail(ctx.organizationId, log.ticket!.id));
    if (!log.ticket) {
      log.ticket = ticket;
      log.customer ??= ticket.customer;
      log.callerName ??= request.args.customer_name;
      await ctx.em.flush();
    }
    // A new ticket's create read the products it may match already.
    const [termDays] = created ? termDaysFrom([ticket], created.products) : await this.terms.termDaysOf([ticket], ctx.em);
    const warranty = warrantyStatus(ticket.purchaseDate, ticket.createdAt, new Date(), termDays);
    return {
      success: true,
      ticket_id: ticket.id,
      ticket_number: ticket.ticketNumber,
      ...warranty,
      message: speakableResult(ticket.ticketNumber, warranty),
    };
  }

  /**
   * The arguments of the questions the organization asks (settings.ticket_fields_enabled): another
   * question's argument is ignored, and an asked issue description is required.
   */
  private askedArgs(questions: readonly string[], args: WarrantyTicketArgsDto): WarrantyTicketArgsDto {
    const asked: WarrantyTicketArgsDto = Object.assign(new WarrantyTicketArgsDto(), args);
    for (const question of AGENT_QUESTION_ARGS) if (!isQuestionAsked(questions, question)) delete asked[question];
    if (isQuestionAsked(questions, 'issue_description') && !asked.issue_description) throw new AgentArgumentError(AGENT_TICKET_MESSAGES.issueDescription, 'args.issue_description');
    if (!asked.product_sku && !asked.product_model) throw new AgentArgumentError(AGENT_TICKET_MESSAGES.product, 'args.product_sku');
    return asked;
  }

  /** The ticket of the asked arguments, with the organization's intake settings read once for both. */
  private async createTicket(ctx: TenantContext, webhook: Webhook, given: WarrantyTicketArgsDto, callerPhone: string | null): Promise<CreatedTicket> {
    const intake = await this.settings.ticketIntake(ctx.organizationId, ctx.em);
    const args = this.askedArgs(intake.questions, given);
    return this.tickets.createIn(ctx.em, ctx.organizationId, null, {
      customer: { name: args.customer_name, email: args.customer_email ?? null, phone: args.customer_phone ?? callerPhone },
      productBrand: webhook.brand,
      productSku: args.product_sku ?? null,
      productModel: args.product_model ?? null,
      serialNumber: args.serial_number ?? null,
      orderNumber: args.order_number ?? null,
      purchaseLocation: args.purchase_location ?? null,
      purchaseDate: args.purchase_date ?? null,
      issueDescription: args.issue_description ?? '',
      troubleshootingAttempted: false,
      contactMethod: 'Phone',
      priority: 'Medium',
      injuryReported: args.injury_reported ?? false,
      propertyDamage: args.property_damage ?? false,
      source: 'ai_agent',
    }, intake);
  }
}
