import { DomainEvent } from '../../../common/events/domain-event.js';

/**
 * A call from a known customer joined their open ticket at intake (notifications map it to the
 * catalogue's assigned_existing_ticket). Raised once per call log.
 */
export class CallLinkedToTicketEvent extends DomainEvent {
  static readonly eventName = 'call.linked_to_ticket';

  constructor(
    readonly organizationId: string,
    readonly callLogId: string,
    readonly ticketId: string,
    readonly customerId: string,
  ) {
    super();
  }
}
