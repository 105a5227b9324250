import { DomainEvent } from '../../../common/events/domain-event.js';

/** A call or voicemail was linked to a ticket that already existed (the caller is back about it). */
export class CallLinkedToTicketEvent extends DomainEvent {
  static readonly eventName = 'call.linked_to_ticket';

  constructor(
    readonly organizationId: string,
    readonly callLogId: string,
    readonly ticketId: string,
  ) {
    super();
  }
}
