import { DomainEvent } from '../../../common/events/domain-event.js';
import type { MessageChannel, MessageDirection } from '../ticket-message.entity.js';

/**
 * A message joined a ticket's thread (published in the transaction that wrote it): a customer's
 * inbound e-mail or SMS, an agent's outbound reply (queued), or an internal comment. The
 * notifications (inbox_app_message, assigned_conversation, team_reply) listen to it.
 */
export class TicketMessageCreatedEvent extends DomainEvent {
  static readonly eventName = 'conversation.message_created';

  constructor(
    readonly organizationId: string,
    readonly ticketId: string,
    readonly messageId: string,
    readonly channel: MessageChannel,
    readonly direction: MessageDirection,
    /** The agent who wrote it; null for the customer or the system. */
    readonly authorUserId: string | null,
  ) {
    super();
  }
}
