import { BadRequestException, Injectable } from '@nestjs/common';
import type { TenantContext } from '../../common/tenancy/tenant-runner.js';
import { ProductWarrantyTerms } from '../settings/products/product-warranty-terms.js';
import type { Webhook } from '../settings/webhook.entity.js';
import { Ticket } from '../tickets/ticket.entity.js';
import { TicketsService } from '../tickets/tickets.service.js';
import { warrantyStatus, type WarrantyStatus } from '@warranty-crm/contract';
import { AgentCallsService } from './agent-calls.service.js';
import {
  AGENT_TICKET_MESSAGES,
  type WarrantyTicketArgsDto,
  WarrantyTicketFunctionDto,
  type WarrantyTicketResultDto,
} from './dto/create-warranty-ticket.dto.js';
import { validatePayload } from './validate-payload.js';

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
  ) {}

  /** Accepts Retell's `{ call, args }` request, or the arguments alone (with their own call_id). */
  async parse(body: unknown): Promise<WarrantyTicketFunctionDto> {
    const hasArgs = typeof body === 'object' && body !== null && 'args' in body;
    const request = await validatePayload(WarrantyTicketFunctionDto, hasArgs ? body : { args: body });
    const callId = request.call?.call_id ?? request.args.call_id;
    if (!callId) throw new BadRequestException(AGENT_TICKET_MESSAGES.callId);
    request.call = { ...(request.call ?? {}), call_id: callId };
    return request;
  }

  async run(ctx: TenantContext, webhook: Webhook, request: WarrantyTicketFunctionDto): Promise<WarrantyTicketResultDto> {
    const call = request.call!;
    const log = await this.calls.record(ctx, webhook, call);
    // A retry of the function (or a second call of it) answers the ticket already made.
    const ticket = log.ticket
      ? await ctx.em.findOneOrFail(Ticket, { id: log.ticket.id, organization: ctx.organizationId })
      : await this.createTicket(ctx, webhook, request.args, log.fromPhone ?? null);
    if (!log.ticket) {
      log.ticket = ticket;
      log.customer ??= ticket.customer;
      log.callerName ??= request.args.customer_name;
      await ctx.em.flush();
    }
    const [termDays] = await this.terms.termDaysOf(ctx.organizationId, [ticket], ctx.em);
    const warranty = warrantyStatus(ticket.purchaseDate, ticket.createdAt, new Date(), termDays);
    return {
      success: true,
      ticket_id: ticket.id,
      ticket_number: ticket.ticketNumber,
      ...warranty,
      message: speakableResult(ticket.ticketNumber, warranty),
    };
  }

  private createTicket(ctx: TenantContext, webhook: Webhook, args: WarrantyTicketArgsDto, callerPhone: string | null): Promise<Ticket> {
    return this.tickets.createIn(ctx.em, ctx.organizationId, null, {
      customer: { name: args.customer_name, email: args.customer_email ?? null, phone: args.customer_phone ?? callerPhone },
      productBrand: webhook.brand,
      productSku: args.product_sku ?? null,
      productModel: args.product_model ?? null,
      serialNumber: args.serial_number ?? null,
      orderNumber: args.order_number ?? null,
      purchaseLocation: args.purchase_location ?? null,
      purchaseDate: args.purchase_date ?? null,
      issueDescription: args.issue_description,
      troubleshootingAttempted: false,
      contactMethod: 'Phone',
      priority: 'Medium',
      injuryReported: args.injury_reported ?? false,
      propertyDamage: args.property_damage ?? false,
      source: 'ai_agent',
    });
  }
}
