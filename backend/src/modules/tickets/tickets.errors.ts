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
