import { DomainError } from '../../common/errors/domain-error.js';
import { MESSAGES } from './phone-options.js';

/**
 * The agent's phone of click-to-call is not a number a phone can have ("12" was accepted and
 * dialled, issue 26): read as a customer's phone is (normalizePhone), in the organization's country.
 */
export class InvalidAgentPhoneError extends DomainError {
  constructor() {
    super('phone_numbers.invalid_agent_phone', 'invalid', MESSAGES.invalidPhone, 'agentPhone');
  }
}

/** Fix Webhooks on a number Twilio no longer has in the account: it is marked inactive. */
export class NumberGoneAtTwilioError extends DomainError {
  constructor(phoneNumber: string) {
    super('phone_numbers.gone_at_twilio', 'conflict', `${phoneNumber} is no longer in your Twilio account; it is marked inactive`);
  }
}
