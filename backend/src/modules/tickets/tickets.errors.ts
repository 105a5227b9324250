import { NOTE_TOO_LONG_MESSAGE } from '@warranty-crm/contract';
import { DomainError } from '../../common/errors/domain-error.js';

/** A note added to the description is longer than the contract's NOTE_MAX_LENGTH (400, on issue_description). */
export class NoteTooLongError extends DomainError {
  constructor() {
    super('tickets.note_too_long', 'invalid', NOTE_TOO_LONG_MESSAGE, 'issue_description');
  }
}
