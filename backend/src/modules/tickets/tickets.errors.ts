import { MAX_LIST_OFFSET, NOTE_TOO_LONG_MESSAGE, TICKET_MERGE_MESSAGES } from '@warranty-crm/contract';
import { DomainError } from '../../common/errors/domain-error.js';

export class CallLogNotFoundError extends DomainError {
  constructor() {
    super('tickets.call_log_not_found', 'not_found', 'Call log not found', 'call_log_id');
  }
}

export class CallAlreadyHasTicketError extends DomainError {
  constructor() {
    super('tickets.call_already_linked', 'conflict', 'This call already has a ticket', 'call_log_id');
  }
}

/** A note added to the description is longer than the contract's NOTE_MAX_LENGTH (on issue_description). */
export class NoteTooLongError extends DomainError {
  constructor() {
    super('tickets.note_too_long', 'invalid', NOTE_TOO_LONG_MESSAGE, 'issue_description');
  }
}

/** Also another organization's ticket. */
export class TicketNotFoundError extends DomainError {
  constructor() {
    super('tickets.not_found', 'not_found', 'Ticket not found');
  }
}

/** A PATCH that changes nothing. */
export class NothingToUpdateError extends DomainError {
  constructor() {
    super('tickets.nothing_to_update', 'invalid', 'Nothing to update: send status, priority, issue_description, purchase_verified or assignee_id');
  }
}

export const OFFSET_TOO_DEEP = `Pages beyond the first ${MAX_LIST_OFFSET} tickets are read by cursor: pass the X-Next-Cursor header of the previous page as the cursor parameter`;
export const BAD_CURSOR = 'The cursor parameter must be the X-Next-Cursor header of a previous page with the same sort';

/** Offset pages reach MAX_LIST_OFFSET; further pages are read by cursor. */
export class OffsetTooDeepError extends DomainError {
  constructor() {
    super('tickets.offset_too_deep', 'invalid', OFFSET_TOO_DEEP);
  }
}

export class BadCursorError extends DomainError {
  constructor() {
    super('tickets.bad_cursor', 'invalid', BAD_CURSOR);
  }
}

/** POST /api/tickets/{id}/merge into the same ticket. */
export class TicketMergeSelfError extends DomainError {
  constructor() {
    super('tickets.merge_self', 'invalid', TICKET_MERGE_MESSAGES.self, 'into_ticket_id');
  }
}

/** The ticket to merge was merged already, or the target was merged into another (merge into that one). */
export class TicketAlreadyMergedError extends DomainError {
  constructor(message: string, field?: string) {
    super('tickets.already_merged', 'invalid', message, field);
  }
}

/** assignee_id (or an agent of the rotation) is no user of the organization: also another organization's user. */
export class AssigneeNotFoundError extends DomainError {
  constructor(field = 'assignee_id') {
    super('tickets.assignee_not_found', 'not_found', 'Assignee not found: only users of your organization can be assigned', field);
  }
}
