import { DomainEvent } from '../../../common/events/domain-event.js';

/** The AI voice agent finished a call with a customer (an inquiry); `ticketId` when it created or found one. */
export class AgentCallEndedEvent extends DomainEvent {
  static readonly eventName = 'agent_call.ended';

  constructor(
    readonly organizationId: string,
    readonly callLogId: string,
    readonly brand: string | null,
    readonly ticketId: string | null = null,
  ) {
    super();
  }
}
