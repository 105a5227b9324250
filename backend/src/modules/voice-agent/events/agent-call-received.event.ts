import { DomainEvent } from '../../../common/events/domain-event.js';

/**
 * The voice agent took a call (the catalogue's `inquiry_received`): published once per Retell call,
 * in the transaction that first records its call log.
 */
export class AgentCallReceivedEvent extends DomainEvent {
  static readonly eventName = 'voice_agent.call_received';

  constructor(
    readonly organizationId: string,
    readonly callLogId: string,
    readonly brand: string | null,
  ) {
    super();
  }
}
