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
