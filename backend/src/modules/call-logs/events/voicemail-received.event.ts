import { DomainEvent } from '../../../common/events/domain-event.js';

/** A caller left a voicemail: its recording has arrived (notifications map it to text_voicemail_missed). */
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
