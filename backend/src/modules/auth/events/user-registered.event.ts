import { DomainEvent } from '../../../common/events/domain-event.js';

/** A new organization was created with this user as its account owner. */
export class UserRegisteredEvent extends DomainEvent {
  static readonly eventName = 'user.registered';

  constructor(
    readonly organizationId: string,
    readonly userId: string,
  ) {
    super();
  }
}
