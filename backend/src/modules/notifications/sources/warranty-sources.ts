import { Injectable } from '@nestjs/common';
import { OnDomainEvent } from '../../../common/jobs/job-decorators.js';
import type { TenantContext } from '../../../common/tenancy/tenant-runner.js';
import { Ticket } from '../../tickets/ticket.entity.js';
import { ResolutionChangedEvent, WarrantyDecisionChangedEvent } from '../../warranty/events/warranty-events.js';
import { NotificationFanOut } from '../fan-out.service.js';

const STATE_WORDS: Record<string, string> = {
  awaiting_return: 'awaiting the return',
  received: 'return received',
  shipped: 'shipped',
  delivered: 'delivered',
  refunded: 'refunded',
};

/**
 * resolution_updated (issue 31): the assignee of a ticket hears of its warranty decision and of each
 * state its resolution reaches (created, received, shipped, delivered, refunded), unless they made
 * the change themselves. Each links to the ticket.
 */
@Injectable()
export class WarrantyNotificationSources {
  constructor(private readonly fanOut: NotificationFanOut) {}

  @OnDomainEvent(WarrantyDecisionChangedEvent)
  async onDecision(event: WarrantyDecisionChangedEvent, { em, organizationId }: TenantContext): Promise<void> {
    const ticket = await this.assigned(em, event.ticketId, event.changedBy);
    if (!ticket) return;
    await this.notify(em, organizationId, ticket, `decision:${event.ticketId}:${event.previous ?? 'none'}:${event.decision}`, `Claim ${event.decision} on ticket ${ticket.ticketNumber}`, event.changedBy);
  }

  @OnDomainEvent(ResolutionChangedEvent)
  async onResolution(event: ResolutionChangedEvent, { em, organizationId }: TenantContext): Promise<void> {
    // Items or shipments edited without a new state: the activity keeps them; no notification.
    if (event.change === 'updated') return;
    const ticket = await this.assigned(em, event.ticketId, event.changedBy);
    if (!ticket) return;
    const what = event.change === 'created' ? 'resolution created' : `resolution ${STATE_WORDS[event.state] ?? event.state}`;
    await this.notify(em, organizationId, ticket, `resolution:${event.resolutionId}:${event.change}:${event.state}`, `Ticket ${ticket.ticketNumber}: ${what}`, event.changedBy);
  }

  /** The ticket when it has an assignee other than the one who made the change. */
  private async assigned(em: TenantContext['em'], ticketId: string, changedBy: string | null): Promise<Ticket | null> {
    const ticket = await em.getRepository(Ticket).findOne({ id: ticketId }, { populate: ['customer'] });
    if (!ticket?.assignee || ticket.assignee.id === changedBy) return null;
    return ticket;
  }

  private notify(em: TenantContext['em'], organizationId: string, ticket: Ticket, key: string, title: string, actor: string | null): Promise<unknown> {
    return this.fanOut.fanOut(em, organizationId, {
      eventType: 'resolution_updated',
      sourceKey: `resolution_updated:${key}`,
      title,
      message: `${title} (${ticket.customer.name}${ticket.productModel ? `, ${ticket.productModel}` : ''})`,
      metadata: { ticket_number: ticket.ticketNumber, customer: ticket.customer.name, brand: ticket.productBrand ?? null },
      relatedEntityType: 'ticket',
      relatedEntityId: ticket.id,
      link: `/tickets/${ticket.id}`,
      recipientUserIds: [ticket.assignee!.id],
      actorUserId: actor,
    });
  }
}
