import { NOTE_TOO_LONG_MESSAGE } from '@warranty-crm/contract';
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
