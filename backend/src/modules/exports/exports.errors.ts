import { DomainError } from '../../common/errors/domain-error.js';

export class ExportNotFoundError extends DomainError {
  constructor() {
    super('exports.not_found', 'not_found', 'Export not found');
  }
}

export class ExportNotReadyError extends DomainError {
  constructor(status: string) {
    super('exports.not_ready', 'conflict', status === 'expired' ? 'This export has expired; export again' : 'This export is not ready yet');
  }
}

export class ExportKindInvalidError extends DomainError {
  constructor(message: string) {
    super('exports.invalid_kind', 'invalid', message, 'kind');
  }
}

export class CustomerToExportNotFoundError extends DomainError {
  constructor() {
    super('exports.customer_not_found', 'not_found', 'Customer not found');
  }
}
