import { DomainEvent } from '../../../common/events/domain-event.js';

/** An account owner invited a user into their organization with a temporary password. */
export class UserInvitedEvent extends DomainEvent {
  static readonly eventName = 'user.invited';

  constructor(
    readonly organizationId: string,
    readonly userId: string,
    readonly invitedById: string,
  ) {
    super();
  }
}
