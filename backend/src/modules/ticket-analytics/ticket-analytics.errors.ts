import { DomainError } from '../../common/errors/domain-error.js';

/** The created_at window is either the last N days or a calendar month. */
export class WindowConflictError extends DomainError {
  constructor() {
    super('ticket_analytics.window_conflict', 'invalid', 'Use either days or month, not both');
  }
}
