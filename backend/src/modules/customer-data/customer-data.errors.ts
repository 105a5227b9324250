import { ERASE_CONFIRM_MISMATCH, RETENTION_MESSAGES } from '@warranty-crm/contract';
import { DomainError } from '../../common/errors/domain-error.js';

export class CustomerToEraseNotFoundError extends DomainError {
  constructor() {
    super('customer_data.not_found', 'not_found', 'Customer not found');
  }
}

export class ErasureConfirmationMismatchError extends DomainError {
  constructor() {
    super('customer_data.confirmation_mismatch', 'invalid', ERASE_CONFIRM_MISMATCH, 'confirm');
  }
}

/** Turning retention on before a dry run of the periods as they are (or with none set). */
export class RetentionDryRunRequiredError extends DomainError {
  constructor(message: string = RETENTION_MESSAGES.dryRunFirst) {
    super('customer_data.retention_dry_run_required', 'invalid', message, 'enabled');
  }
}
