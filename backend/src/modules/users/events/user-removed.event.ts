import { DomainEvent } from '../../../common/events/domain-event.js';

/** An account owner removed a user from their organization (the user row is gone). */
export class UserRemovedEvent extends DomainEvent {
  static readonly eventName = 'user.removed';

  constructor(
    readonly organizationId: string,
    readonly userId: string,
    readonly removedById: string,
  ) {
    super();
  }
}
