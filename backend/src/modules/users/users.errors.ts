import { ROLE_MESSAGES } from '@warranty-crm/contract';
import { DomainError } from '../../common/errors/domain-error.js';

export class UserNotFoundError extends DomainError {
  constructor() {
    super('users.not_found', 'not_found', 'User not found');
  }
}

/** Also checked by the users controller's guard, before the body is read. */
export const OWNERS_ONLY = 'Only account owners can manage users';

export class OwnersOnlyError extends DomainError {
  constructor() {
    super('users.owners_only', 'forbidden', OWNERS_ONLY);
  }
}

export class CannotRemoveSelfError extends DomainError {
  constructor() {
    super('users.cannot_remove_self', 'forbidden', 'You cannot remove yourself');
  }
}

export class CannotRemoveAccountOwnerError extends DomainError {
  constructor() {
    super('users.cannot_remove_owner', 'forbidden', 'The account owner cannot be removed');
  }
}

/** Usernames are unique across organizations in any letter case. */
export class UsernameTakenError extends DomainError {
  constructor() {
    super('users.username_taken', 'conflict', 'Username already exists');
  }
}

export class CurrentPasswordIncorrectError extends DomainError {
  constructor() {
    super('users.current_password_incorrect', 'invalid', 'Current password is incorrect');
  }
}

/** A react-admin list filter of the wrong shape (`q` not text, `id` not ids). */
export class InvalidUserFilterError extends DomainError {
  constructor(message: 'The q filter must be text' | 'The id filter must be ids') {
    super('users.invalid_filter', 'invalid', message);
  }
}

export class AccountOwnerRoleError extends DomainError {
  constructor() {
    super('users.owner_role_fixed', 'forbidden', ROLE_MESSAGES.ownerNotDemoted, 'role');
  }
}
