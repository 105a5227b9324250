import { DomainEvent } from '../../../common/events/domain-event.js';

/** A ticket was created (published after the transaction committed). */
export class TicketCreatedEvent extends DomainEvent {
  static readonly eventName = 'ticket.created';

  constructor(
    readonly organizationId: string,
    readonly ticketId: string,
    readonly brand: string | null,
  ) {
    super();
  }
}
