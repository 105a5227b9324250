import { DomainEvent } from '../../../common/events/domain-event.js';

/**
 * A ticket's assignee changed (a single or bulk assignment, or the automatic round-robin),
 * published in the transaction of the change. notifications sends task_assigned to the new assignee
 * unless they assigned it to themselves.
 */
export class TicketAssignedEvent extends DomainEvent {
  static readonly eventName = 'ticket.assigned';

  constructor(
    readonly organizationId: string,
    readonly ticketId: string,
    /** The former assignee, or null. */
    readonly fromUserId: string | null,
    /** The new assignee, or null (unassigned). */
    readonly toUserId: string | null,
    /** Who assigned it; null for the automatic assignment. */
    readonly byUserId: string | null,
    /** The `assigned` activity row of this change: identifies the occurrence. */
    readonly activityId: string,
  ) {
    super();
  }
}
