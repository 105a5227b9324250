import { DomainEvent } from '../../../common/events/domain-event.js';

/** A ticket was created (published after the transaction committed). */
export class TicketCreatedEvent extends DomainEvent {
  static readonly eventName = 'ticket.created';

  constructor(
    readonly organizationId: string,
    readonly ticketId: string,
    readonly brand: string | null,
    /** The signed-in user who created it; null for the AI agent, a call or an integration. */
    readonly createdByUserId: string | null = null,
  ) {
    super();
  }
}
