import { DomainError } from '../../common/errors/domain-error.js';
import { NOT_CONNECTED } from './twilio-account.service.js';

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
