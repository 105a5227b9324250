import { INBOUND_EMAIL_MESSAGES } from '@warranty-crm/contract';
import { DomainError } from '../../../common/errors/domain-error.js';

export const INBOUND_MESSAGES = {
  badSignature: 'Invalid inbound e-mail signature',
  addressTaken: INBOUND_EMAIL_MESSAGES.addressTaken,
} as const;

/** The inbound-mail webhook without a valid signature of the recipient organization's key (nothing is read or written). */
export class InvalidInboundSignatureError extends DomainError {
  constructor() {
    super('conversations.inbound_signature_invalid', 'forbidden', INBOUND_MESSAGES.badSignature);
  }
}

export class InboundAddressTakenError extends DomainError {
  constructor() {
    super('conversations.inbound_address_taken', 'conflict', INBOUND_MESSAGES.addressTaken, 'address');
  }
}
