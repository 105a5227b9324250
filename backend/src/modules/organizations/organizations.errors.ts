import { DomainError } from '../../common/errors/domain-error.js';

export const CONNECT_FAILED = 'Failed to connect Twilio account. Please check your credentials.';
export const CREDENTIALS_REJECTED = 'Twilio rejected these credentials. Please check your Account SID and Auth Token.';
export const ACCOUNT_TAKEN = 'This Twilio account is already connected to another organization';
export const A2P_FAILED = 'Failed to update A2P registration';
export const NOT_CONNECTED = 'Connect a Twilio account in Settings → Phone Setup first';
export const A2P_OWNERS_ONLY = 'Only account owners can update the A2P registration';

export class OrganizationNotFoundError extends DomainError {
  constructor() {
    super('organizations.not_found', 'not_found', 'Organization not found');
  }
}

export class TwilioNotConnectedError extends DomainError {
  constructor() {
    super('organizations.twilio_not_connected', 'invalid', NOT_CONNECTED);
  }
}

export const A2P_READ_FAILED = 'Could not read the A2P registration status from Twilio';

export class A2pReadFailedError extends DomainError {
  constructor() {
    super('organizations.a2p_read_failed', 'unavailable', A2P_READ_FAILED);
  }
}

/** Twilio answered 401/403/404 for the account: the SID or token is wrong. */
export class TwilioCredentialsRejectedError extends DomainError {
  constructor() {
    super('organizations.twilio_credentials_rejected', 'invalid', CREDENTIALS_REJECTED);
  }
}

/** Only an active Twilio account (not suspended or closed) can be connected. */
export class TwilioAccountInactiveError extends DomainError {
  constructor(status: string) {
    super('organizations.twilio_account_inactive', 'invalid', `This Twilio account is ${status}; only an active account can be connected`);
  }
}

/** One Twilio account belongs to one organization. */
export class TwilioAccountTakenError extends DomainError {
  constructor() {
    super('organizations.twilio_account_taken', 'conflict', ACCOUNT_TAKEN);
  }
}

export class A2pOwnersOnlyError extends DomainError {
  constructor() {
    super('organizations.a2p_owners_only', 'forbidden', A2P_OWNERS_ONLY);
  }
}
