import { DomainEvent } from '../../../common/events/domain-event.js';

/** A ticket's status changed (single or bulk update), published after the change committed. */
export class TicketStatusChangedEvent extends DomainEvent {
  static readonly eventName = 'ticket.status_changed';

  constructor(
    readonly organizationId: string,
    readonly ticketId: string,
    readonly from: string | null,
    readonly to: string,
    /** The user who changed it; null for changes made by the system. */
    readonly changedBy: string | null,
  ) {
    super();
  }
}
