import { Injectable } from '@nestjs/common';
import { OnDomainEvent } from '../../../common/jobs/job-decorators.js';
import type { TenantContext } from '../../../common/tenancy/tenant-runner.js';
import { TicketMessageCreatedEvent } from '../../conversations/events/ticket-message-created.event.js';
import { TicketMessage } from '../../conversations/ticket-message.entity.js';
import { TicketAssignedEvent } from '../../tickets/events/ticket-assigned.event.js';
import { Ticket } from '../../tickets/ticket.entity.js';
import { User } from '../../users/user.entity.js';
import { NotificationFanOut } from '../fan-out.service.js';

function clip(text: string, max = 500): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function nameOf(user: User | null | undefined): string | null {
  if (!user) return null;
  return [user.firstName, user.lastName].filter((p) => p?.trim()).join(' ').trim() || user.username;
}

const CHANNEL_WORD = { email: 'an e-mail', sms: 'a text message', comment: 'a comment' } as const;

/**
 * The catalogue events of assignment and the conversation (issue 29):
 * - task_assigned: to the new assignee of a ticket, unless they assigned it to themselves;
 * - assigned_conversation: the customer writes (an inbound message) on a ticket with an assignee: to the assignee;
 * - inbox_app_message: the customer writes: to everyone by preference, except the ticket's assignee
 *   (who gets assigned_conversation for it, not both);
 * - team_reply: someone other than the assignee answers the customer (an outbound message): to the assignee.
 * Each links to the ticket (`/tickets/{id}`).
 */
@Injectable()
export class ConversationNotificationSources {
  constructor(private readonly fanOut: NotificationFanOut) {}

  @OnDomainEvent(TicketAssignedEvent)
  async onAssigned(event: TicketAssignedEvent, { em, organizationId }: TenantContext): Promise<void> {
    if (!event.toUserId || event.toUserId === event.byUserId) return;
    const ticket = await em.findOne(Ticket, { id: event.ticketId }, { populate: ['customer', 'assignee'] });
    // Reassigned again or deleted before this ran: the notification is about a ticket that is no longer theirs.
    if (!ticket || ticket.assignee?.id !== event.toUserId) return;
    const by = event.byUserId ? nameOf(await em.findOne(User, { id: event.byUserId })) : null;
    const brand = ticket.productBrand ?? null;
    await this.fanOut.fanOut(em, organizationId, {
      eventType: 'task_assigned',
      sourceKey: `task_assigned:${event.activityId}`,
      title: `Ticket ${ticket.ticketNumber} assigned to you`,
      message: clip(`${by ? `${by} assigned you` : 'You were assigned automatically to'} ticket ${ticket.ticketNumber} (${ticket.customer.name}${brand ? `, ${brand}` : ''}): ${ticket.issueDescription}`),
      metadata: { ticket_number: ticket.ticketNumber, customer: ticket.customer.name, brand, assigned_by: by ?? 'Automatic assignment' },
      relatedEntityType: 'ticket',
      relatedEntityId: ticket.id,
      link: `/tickets/${ticket.id}`,
      recipientUserIds: [event.toUserId],
      actorUserId: event.byUserId,
    });
  }

  @OnDomainEvent(TicketMessageCreatedEvent)
  async onMessage(event: TicketMessageCreatedEvent, { em, organizationId }: TenantContext): Promise<void> {
    if (event.direction === 'internal') return;
    const message = await em.findOne(TicketMessage, { id: event.messageId });
    const ticket = await em.findOne(Ticket, { id: event.ticketId }, { populate: ['customer'] });
    if (!message || !ticket) return;
    const assigneeId = ticket.assignee?.id ?? null;
    const brand = ticket.productBrand ?? null;
    const base = {
      relatedEntityType: 'ticket',
      relatedEntityId: ticket.id,
      link: `/tickets/${ticket.id}`,
      metadata: { ticket_number: ticket.ticketNumber, customer: ticket.customer.name, brand, channel: message.channel },
    };
    if (event.direction === 'inbound') {
      const title = `${ticket.customer.name} wrote on ticket ${ticket.ticketNumber}`;
      const text = clip(`${CHANNEL_WORD[message.channel]}${message.subject ? ` (${message.subject})` : ''}: ${message.body}`);
      if (assigneeId) {
        await this.fanOut.fanOut(em, organizationId, {
          ...base,
          eventType: 'assigned_conversation',
          sourceKey: `assigned_conversation:${message.id}`,
          title,
          message: text,
          recipientUserIds: [assigneeId],
        });
      }
      await this.fanOut.fanOut(em, organizationId, {
        ...base,
        eventType: 'inbox_app_message',
        sourceKey: `inbox_app_message:${message.id}`,
        title,
        message: text,
        excludedUserIds: assigneeId ? [assigneeId] : [],
      });
      return;
    }
    // outbound: a teammate answered the customer on the assignee's ticket
    if (!assigneeId || event.authorUserId === assigneeId) return;
    const author = event.authorUserId ? nameOf(await em.findOne(User, { id: event.authorUserId })) : null;
    await this.fanOut.fanOut(em, organizationId, {
      ...base,
      eventType: 'team_reply',
      sourceKey: `team_reply:${message.id}`,
      title: `${author ?? 'A teammate'} replied on ticket ${ticket.ticketNumber}`,
      message: clip(`To ${ticket.customer.name} by ${message.channel === 'sms' ? 'SMS' : 'e-mail'}: ${message.body}`),
      recipientUserIds: [assigneeId],
      actorUserId: event.authorUserId,
    });
  }
}
