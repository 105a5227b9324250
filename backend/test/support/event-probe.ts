import { Injectable, Module } from '@nestjs/common';
import { OnDomainEvent } from '../../src/common/jobs/job-decorators.js';
import type { TenantContext } from '../../src/common/tenancy/tenant-runner.js';
import { TicketCreatedEvent } from '../../src/modules/tickets/events/ticket-created.event.js';
import { TicketStatusChangedEvent } from '../../src/modules/tickets/events/ticket-status-changed.event.js';
import { UserInvitedEvent } from '../../src/modules/users/events/user-invited.event.js';
import { UserRemovedEvent } from '../../src/modules/users/events/user-removed.event.js';
import { AgentCallReceivedEvent } from '../../src/modules/voice-agent/events/agent-call-received.event.js';

export interface SeenEvent {
  name: string;
  /** The organization the handler's EntityManager was scoped to. */
  scopedTo: string;
  payload: Record<string, unknown>;
}

/** Records the events its handlers receive through the queue (a test-only observer). */
@Injectable()
export class EventProbe {
  readonly seen: SeenEvent[] = [];

  @OnDomainEvent(TicketCreatedEvent)
  async ticketCreated(event: TicketCreatedEvent, ctx: TenantContext): Promise<void> {
    this.record(TicketCreatedEvent.eventName, event, ctx);
  }

  @OnDomainEvent(TicketStatusChangedEvent)
  async statusChanged(event: TicketStatusChangedEvent, ctx: TenantContext): Promise<void> {
    this.record(TicketStatusChangedEvent.eventName, event, ctx);
  }

  @OnDomainEvent(UserInvitedEvent)
  async userInvited(event: UserInvitedEvent, ctx: TenantContext): Promise<void> {
    this.record(UserInvitedEvent.eventName, event, ctx);
  }

  @OnDomainEvent(UserRemovedEvent)
  async userRemoved(event: UserRemovedEvent, ctx: TenantContext): Promise<void> {
    this.record(UserRemovedEvent.eventName, event, ctx);
  }

  @OnDomainEvent(AgentCallReceivedEvent)
  async agentCallReceived(event: AgentCallReceivedEvent, ctx: TenantContext): Promise<void> {
    this.record(AgentCallReceivedEvent.eventName, event, ctx);
  }

  /** The handled events that match once there are `count` of them; fails after `timeoutMs`. */
  async waitFor(match: (event: SeenEvent) => boolean, count = 1, timeoutMs = 15_000): Promise<SeenEvent[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.seen.filter(match).length < count) {
      if (Date.now() > deadline) throw new Error(`Only ${this.seen.filter(match).length} of ${count} events were handled`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return this.seen.filter(match);
  }

  private record(name: string, event: object, ctx: TenantContext): void {
    this.seen.push({ name, scopedTo: ctx.organizationId, payload: { ...event } });
  }
}

@Module({ providers: [EventProbe] })
export class EventProbeModule {}
