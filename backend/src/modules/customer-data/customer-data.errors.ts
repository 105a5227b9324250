import { ERASE_CONFIRM_MISMATCH } from '@warranty-crm/contract';
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
