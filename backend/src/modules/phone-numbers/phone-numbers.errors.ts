import { DomainError } from '../../common/errors/domain-error.js';

/** Fix Webhooks on a number Twilio no longer has in the account: it is marked inactive. */
export class NumberGoneAtTwilioError extends DomainError {
  constructor(phoneNumber: string) {
    super('phone_numbers.gone_at_twilio', 'conflict', `${phoneNumber} is no longer in your Twilio account; it is marked inactive`);
  }
}
