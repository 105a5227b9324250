import { DomainEvent } from '../../../common/events/domain-event.js';

/** A caller left a voicemail (the call log row exists, recording and transcript may follow). */
export class VoicemailReceivedEvent extends DomainEvent {
  static readonly eventName = 'voicemail.received';

  constructor(
    readonly organizationId: string,
    readonly callLogId: string,
    readonly brand: string | null,
  ) {
    super();
  }
}
