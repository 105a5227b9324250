import { NO_PENDING_PASSWORD_CHANGE } from '../../common/auth/public.decorator.js';
import { DomainError } from '../../common/errors/domain-error.js';

/**
 * Sign-in is locked for this username from this address after repeated failures, even with the
 * right password; the message says how long, and the sign-in screen shows it as is.
 */
export class LoginLockedError extends DomainError {
  constructor(minutes: number) {
    super('auth.locked', 'too_many', `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }
}

export class InvalidCredentialsError extends DomainError {
  constructor() {
    super('auth.invalid_credentials', 'unauthorized', 'Invalid username or password');
  }
}

/** The forced password change without a pending temporary password. */
export class NoPendingPasswordChangeError extends DomainError {
  constructor() {
    super('auth.no_pending_password_change', 'forbidden', NO_PENDING_PASSWORD_CHANGE);
  }
}
