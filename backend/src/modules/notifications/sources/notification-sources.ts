import { Injectable } from '@nestjs/common';
import { type BatchOutcome, OnDomainEvent, OnDomainEvents } from '../../../common/jobs/job-decorators.js';
import type { TenantContext } from '../../../common/tenancy/tenant-runner.js';
import { CallLog } from '../../call-logs/call-log.entity.js';
import { AgentCallEndedEvent } from '../../call-logs/events/agent-call-ended.event.js';
import { CallLinkedToTicketEvent } from '../../call-logs/events/call-linked-to-ticket.event.js';
import { VoicemailReceivedEvent } from '../../call-logs/events/voicemail-received.event.js';
import { promisedResponseHours } from '../../tickets/response-promise.js';
import { TicketOverdueEvent } from '../../ticket-analytics/events/ticket-overdue.event.js';
import { TicketCreatedEvent } from '../../tickets/events/ticket-created.event.js';
import { Ticket } from '../../tickets/ticket.entity.js';
import { NotificationFanOut, type NotificationDraft } from '../fan-out.service.js';

function callerOf(call: CallLog): string {
  return call.callerName || call.fromPhone || 'Unknown caller';
}

function clip(text: string, max = 500): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function duration(seconds: number | null | undefined): string | null {
  if (seconds == null) return null;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The sources of the live catalogue events: each maps a domain event of another module to a
 * catalogue id and a notification draft, and hands it to the fan-out in the handler's transaction.
 */
@Injectable()
export class NotificationSources {
  constructor(private readonly fanOut: NotificationFanOut) {}

  /** new_ticket: a ticket created by any path (form, AI agent, call); a burst of creates in one fan-out. */
  @OnDomainEvents(TicketCreatedEvent, { batch: 100 })
  async onTicketCreated(events: TicketCreatedEvent[], { em, organizationId }: TenantContext): BatchOutcome<TicketCreatedEvent> {
    const tickets = new Map((await em.getRepository(Ticket).newTicketSummaries(events.map((e) => e.ticketId))).map((t) => [t.id, t]));
    const drafts = events.flatMap((event): NotificationDraft[] => {
      const ticket = tickets.get(event.ticketId);
      if (!ticket) return []; // deleted before its notification went out
      const brand = ticket.productBrand ?? null;
      return [{
        eventType: 'new_ticket',
        sourceKey: `new_ticket:${ticket.id}`,
        title: `New ticket ${ticket.ticketNumber}`,
        message: clip(`${ticket.customerName}${brand ? ` (${brand})` : ''}: ${ticket.issueDescription}`),
        metadata: {
          ticket_number: ticket.ticketNumber,
          customer: ticket.customerName,
          brand,
          product: ticket.productModel ?? null,
          priority: ticket.priority,
        },
        relatedEntityType: 'ticket',
        relatedEntityId: ticket.id,
        link: `/tickets/${ticket.id}`,
        actorUserId: event.createdByUserId ?? null,
      }];
    });
    await this.fanOut.fanOutMany(em, organizationId, drafts);
  }

  /** ticket_overdue: a ticket reached its respond_by without a response (skipped if answered since). */
  @OnDomainEvent(TicketOverdueEvent)
  async onTicketOverdue(event: TicketOverdueEvent, { em, organizationId }: TenantContext): Promise<void> {
    const ticket = await em.getRepository(Ticket).withCustomer(event.ticketId);
    if (!ticket || ticket.respondedAt || !ticket.respondBy) return;
    const brand = ticket.productBrand ?? null;
    const promisedHours = promisedResponseHours(ticket);
    await this.fanOut.fanOut(em, organizationId, {
      eventType: 'ticket_overdue',
      sourceKey: `ticket_overdue:${ticket.id}`,
      title: `Ticket ${ticket.ticketNumber} is overdue`,
      message: clip(
        `${ticket.customer.name}${brand ? ` (${brand})` : ''} has had no response; one was promised within ${promisedHours} hours. ${ticket.issueDescription}`,
      ),
      metadata: { ticket_number: ticket.ticketNumber, customer: ticket.customer.name, brand, respond_by: ticket.respondBy.toISOString() },
      relatedEntityType: 'ticket',
      relatedEntityId: ticket.id,
      link: `/tickets/${ticket.id}`,
    });
  }

  /** text_voicemail_missed: a caller left a voicemail. */
  @OnDomainEvent(VoicemailReceivedEvent)
  async onVoicemail(event: VoicemailReceivedEvent, { em, organizationId }: TenantContext): Promise<void> {
    const call = await em.getRepository(CallLog).byId(event.callLogId);
    if (!call) return;
    const caller = callerOf(call);
    const brand = call.brand ?? event.brand ?? null;
    await this.fanOut.fanOut(em, organizationId, {
      eventType: 'text_voicemail_missed',
      sourceKey: `text_voicemail_missed:${call.id}`,
      title: `New voicemail from ${caller}`,
      message: clip(call.transcription || `${caller} left a voicemail${brand ? ` on the ${brand} line` : ''}.`),
      metadata: { caller, phone: call.fromPhone ?? null, brand, duration: duration(call.recordingDuration) },
      relatedEntityType: 'call_log',
      relatedEntityId: call.id,
      link: `/phone-system?call=${call.id}`,
    });
  }

  /** inquiry_received: the AI agent finished a call. */
  @OnDomainEvent(AgentCallEndedEvent)
  async onAgentCall(event: AgentCallEndedEvent, { em, organizationId }: TenantContext): Promise<void> {
    const call = await em.getRepository(CallLog).byId(event.callLogId);
    if (!call) return;
    const caller = callerOf(call);
    const ticket = event.ticketId ? await em.getRepository(Ticket).byId(event.ticketId) : null;
    const brand = call.brand ?? event.brand ?? null;
    await this.fanOut.fanOut(em, organizationId, {
      eventType: 'inquiry_received',
      sourceKey: `inquiry_received:${call.id}`,
      title: `Inquiry received from ${caller}`,
      message: clip(call.transcription || `The AI agent finished a call with ${caller}${ticket ? ` about ticket ${ticket.ticketNumber}` : ''}.`),
      metadata: { caller, phone: call.fromPhone ?? null, brand, ticket_number: ticket?.ticketNumber ?? null },
      relatedEntityType: ticket ? 'ticket' : 'call_log',
      relatedEntityId: ticket ? ticket.id : call.id,
      link: ticket ? `/tickets/${ticket.id}` : `/phone-system?call=${call.id}`,
    });
  }

  /** assigned_existing_ticket: a call or voicemail linked to a ticket that already existed. */
  @OnDomainEvent(CallLinkedToTicketEvent)
  async onCallLinked(event: CallLinkedToTicketEvent, { em, organizationId }: TenantContext): Promise<void> {
    const call = await em.getRepository(CallLog).byId(event.callLogId);
    const ticket = await em.getRepository(Ticket).withCustomer(event.ticketId);
    if (!call || !ticket) return;
    const caller = callerOf(call);
    const kind = call.callType === 'voicemail' ? 'voicemail' : 'call';
    await this.fanOut.fanOut(em, organizationId, {
      eventType: 'assigned_existing_ticket',
      sourceKey: `assigned_existing_ticket:${call.id}:${ticket.id}`,
      title: `New ${kind} on ticket ${ticket.ticketNumber}`,
      message: clip(`${caller} ${kind === 'voicemail' ? 'left a voicemail' : 'called'} about ticket ${ticket.ticketNumber} (${ticket.customer.name}).`),
      metadata: { ticket_number: ticket.ticketNumber, caller, phone: call.fromPhone ?? null, brand: call.brand ?? ticket.productBrand ?? null },
      relatedEntityType: 'ticket',
      relatedEntityId: ticket.id,
      link: `/tickets/${ticket.id}`,
    });
  }
}
