import { DomainEvent } from '../../../common/events/domain-event.js';

/**
 * The recording notice, or the Retell agent it is said by, changed (issue 35): the agent's opening
 * at Retell is brought in line after the commit (RetellOpeningListener).
 */
export class RecordingNoticeChangedEvent extends DomainEvent {
  static readonly eventName = 'settings.recording_notice_changed';

  constructor(readonly organizationId: string) {
    super();
  }
}
