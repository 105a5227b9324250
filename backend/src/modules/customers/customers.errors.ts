import { CUSTOMER_MESSAGES, MAX_LIST_OFFSET } from '@warranty-crm/contract';
import { DomainError } from '../../common/errors/domain-error.js';

/** Also another organization's customer. */
export class CustomerNotFoundError extends DomainError {
  constructor(field?: string) {
    super('customers.not_found', 'not_found', CUSTOMER_MESSAGES.notFound, field);
  }
}

/** Another customer of the organization has this phone (the database's unique key) or e-mail. */
export class CustomerContactTakenError extends DomainError {
  constructor(
    field: 'phone' | 'email',
    readonly customer: { id: string; name: string },
  ) {
    super(
      field === 'phone' ? 'customers.phone_taken' : 'customers.email_taken',
      'invalid',
      field === 'phone' ? CUSTOMER_MESSAGES.phoneTaken(customer.name) : CUSTOMER_MESSAGES.emailTaken(customer.name),
      field,
    );
    this.details = { customer_id: customer.id, customer_name: customer.name };
  }
}

/** The create form's rule: a customer with an e-mail on file keeps a valid one. */
export class CustomerEmailRequiredError extends DomainError {
  constructor() {
    super('customers.email_required', 'invalid', CUSTOMER_MESSAGES.email, 'email');
  }
}

export class CustomerMergeSelfError extends DomainError {
  constructor() {
    super('customers.merge_self', 'invalid', CUSTOMER_MESSAGES.mergeSelf, 'from_customer_id');
  }
}

export class CustomersFilterInvalidError extends DomainError {
  constructor(message: string) {
    super('customers.filter_invalid', 'invalid', message, 'filter');
  }
}

/** Offset pages reach MAX_LIST_OFFSET (as the ticket list's); further customers are found by a search. */
export class CustomerOffsetTooDeepError extends DomainError {
  constructor() {
    super('customers.offset_too_deep', 'invalid', `Pages beyond the first ${MAX_LIST_OFFSET} customers are not listed: search by name, e-mail or phone`, 'range');
  }
}
