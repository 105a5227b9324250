import { DomainError } from '../../common/errors/domain-error.js';
import { AUDIT_KINDS } from './audit-entry.entity.js';

export class AuditFilterInvalidError extends DomainError {
  constructor(message: string, field: string) {
    super('audit_log.invalid_filter', 'invalid', message, field);
  }
}

export const AUDIT_FILTER_MESSAGES = {
  kind: `kind must be one of: ${AUDIT_KINDS.join(', ')}`,
  actor_id: 'actor_id must be a user id',
  date: 'from and to must be dates (YYYY-MM-DD or an ISO date-time)',
} as const;
