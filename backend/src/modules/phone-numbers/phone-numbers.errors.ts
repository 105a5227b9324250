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

export class PhoneNumberNotFoundError extends DomainError {
  constructor() {
    super('phone_numbers.not_found', 'not_found', MESSAGES.numberNotFound);
  }
}

/** The number is already one of this organization's, or (unique column) another's. */
export class NumberTakenError extends DomainError {
  constructor() {
    super('phone_numbers.taken', 'conflict', MESSAGES.numberTaken);
  }
}

/** Import of a number the connected Twilio account does not own. */
export class NumberNotInAccountError extends DomainError {
  constructor() {
    super('phone_numbers.not_in_account', 'invalid', MESSAGES.notInAccount);
  }
}

/** Click-to-call's caller ID is not one of the organization's numbers. */
export class NumberNotOwnedError extends DomainError {
  constructor() {
    super('phone_numbers.not_owned', 'invalid', MESSAGES.fromNotOwned);
  }
}

/** Click-to-call without an agent phone in the request or the caller's profile. */
export class AgentPhoneMissingError extends DomainError {
  constructor() {
    super('phone_numbers.agent_phone_missing', 'invalid', MESSAGES.agentPhoneMissing);
  }
}

/** The caller's profile phone, used as the agent's phone, is not a phone number. */
export class ProfilePhoneInvalidError extends DomainError {
  constructor() {
    super('phone_numbers.profile_phone_invalid', 'invalid', MESSAGES.invalidPhone);
  }
}

export const INVALID_SIGNATURE = 'Invalid Twilio signature';

/** A Twilio callback without a valid X-Twilio-Signature of the account it names (ARCHITECTURE rule 7). */
export class InvalidTwilioSignatureError extends DomainError {
  constructor() {
    super('phone_numbers.invalid_signature', 'forbidden', INVALID_SIGNATURE);
  }
}
