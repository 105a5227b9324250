import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../../common/events/domain-event.js';
import { EVERYONE, LiveHub } from '../../common/live/live-hub.js';
import { TicketMessageCreatedEvent } from './events/ticket-message-created.event.js';
import type { TicketMessage } from './ticket-message.entity.js';

/** The SSE event open tabs get when a ticket's thread changes: `{ ticket_id, message_id }`. */
export const THREAD_LIVE_EVENT = 'ticket_message';

/**
 * The one way a message joins a thread or changes state, whoever writes it (an agent's reply, the
 * inbound e-mail receiver, the SMS webhook, the delivery job): in the caller's transaction it
 * writes the row, publishes TicketMessageCreatedEvent for a new one, and tells the organization's
 * open tabs (sent at commit).
 */
@Injectable()
export class ConversationRecorder {
  constructor(
    private readonly events: DomainEvents,
    private readonly live: LiveHub,
  ) {}

  /** A new message, in em's transaction. */
  async record(em: EntityManager, message: TicketMessage): Promise<TicketMessage> {
    em.persist(message);
    await em.flush();
    const organizationId = typeof message.organization === 'string' ? message.organization : message.organization.id;
    const ticketId = typeof message.ticket === 'string' ? message.ticket : message.ticket.id;
    const authorId = message.author ? (typeof message.author === 'string' ? message.author : message.author.id) : null;
    await this.events.publish(em, new TicketMessageCreatedEvent(organizationId, ticketId, message.id, message.channel, message.direction, authorId));
    await this.changed(em, organizationId, ticketId, message.id);
    return message;
  }

  /** A message changed (sent, failed, queued again): the open threads reload it. */
  async changed(em: EntityManager, organizationId: string, ticketId: string, messageId: string): Promise<void> {
    await this.live.publish(em, { organizationId, userId: EVERYONE, event: THREAD_LIVE_EVENT, data: { ticket_id: ticketId, message_id: messageId } });
  }
}
