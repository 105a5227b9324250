import { ROLE_MESSAGES } from '@warranty-crm/contract';
import { DomainError } from '../../common/errors/domain-error.js';

export class UserNotFoundError extends DomainError {
  constructor() {
    super('users.not_found', 'not_found', 'User not found');
  }
}

export class AccountOwnerRoleError extends DomainError {
  constructor() {
    super('users.owner_role_fixed', 'forbidden', ROLE_MESSAGES.ownerNotDemoted, 'role');
  }
}
