import { DomainEvent } from '../../../common/events/domain-event.js';

/** A ticket reached its respond_by without a response (raised once per ticket by the overdue scan). */
export class TicketOverdueEvent extends DomainEvent {
  static readonly eventName = 'ticket.overdue';

  constructor(
    readonly organizationId: string,
    readonly ticketId: string,
  ) {
    super();
  }
}
