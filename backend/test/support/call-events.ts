import { Injectable, Module } from '@nestjs/common';
import { DomainEvents } from '../../src/common/events/domain-event.js';
import { TenantRunner } from '../../src/common/tenancy/tenant-runner.js';
import { CallLog } from '../../src/modules/call-logs/call-log.entity.js';
import { AgentCallEndedEvent } from '../../src/modules/call-logs/events/agent-call-ended.event.js';
import { CallLinkedToTicketEvent } from '../../src/modules/call-logs/events/call-linked-to-ticket.event.js';
import { VoicemailReceivedEvent } from '../../src/modules/call-logs/events/voicemail-received.event.js';
import { Ticket } from '../../src/modules/tickets/ticket.entity.js';

export interface CallFields {
  from?: string;
  callerName?: string | null;
  brand?: string | null;
  transcription?: string | null;
  callType?: 'voicemail' | 'call';
  ticketId?: string | null;
}

/**
 * Stands in for the telephony and AI-agent modules: writes the call log they would write and
 * publishes their event on the same transaction, as they do.
 */
@Injectable()
export class CallEvents {
  constructor(
    private readonly tenants: TenantRunner,
    private readonly events: DomainEvents,
  ) {}

  voicemail(organizationId: string, fields: CallFields = {}): Promise<string> {
    return this.tenants.run(organizationId, async ({ em }) => {
      const call = this.callLog(em, organizationId, { callType: 'voicemail', ...fields });
      await em.flush();
      await this.events.publish(em, new VoicemailReceivedEvent(organizationId, call.id, call.brand ?? null));
      return call.id;
    });
  }

  agentCall(organizationId: string, fields: CallFields = {}): Promise<string> {
    return this.tenants.run(organizationId, async ({ em }) => {
      const call = this.callLog(em, organizationId, { callType: 'call', ...fields });
      await em.flush();
      await this.events.publish(em, new AgentCallEndedEvent(organizationId, call.id, call.brand ?? null, fields.ticketId ?? null));
      return call.id;
    });
  }

  linkedCall(organizationId: string, ticketId: string, fields: CallFields = {}): Promise<string> {
    return this.tenants.run(organizationId, async ({ em }) => {
      const ticket = await em.findOneOrFail(Ticket, { id: ticketId }, { fields: ['customer'] });
      const call = this.callLog(em, organizationId, { callType: 'voicemail', ...fields, ticketId });
      await em.flush();
      await this.events.publish(em, new CallLinkedToTicketEvent(organizationId, call.id, ticketId, ticket.customer.id));
      return call.id;
    });
  }

  private callLog(em: TenantRunnerEm, organizationId: string, fields: CallFields): CallLog {
    return em.create(CallLog, {
      organization: organizationId,
      callType: fields.callType ?? 'voicemail',
      fromPhone: fields.from ?? '+15125550100',
      toPhone: '+15125550199',
      callerName: fields.callerName ?? null,
      brand: fields.brand ?? null,
      transcription: fields.transcription ?? null,
      recordingDuration: 42,
      ticket: fields.ticketId ?? null,
    });
  }
}

type TenantRunnerEm = Parameters<Parameters<TenantRunner['run']>[1]>[0]['em'];

@Module({ providers: [CallEvents] })
export class CallEventsModule {}
