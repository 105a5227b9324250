import { type ReplyChannel, replyTooLongMessage, NO_CUSTOMER_EMAIL_MESSAGE, NO_CUSTOMER_PHONE_MESSAGE, NO_SMTP_MESSAGE, NO_TWILIO_MESSAGE, noSenderNumberMessage, RETRY_NOT_FAILED_MESSAGE, CUSTOMER_SMS_OPTED_OUT_MESSAGE } from '@warranty-crm/contract';
import { DomainError } from '../../common/errors/domain-error.js';

/** Also a message of another ticket or organization. */
export class TicketMessageNotFoundError extends DomainError {
  constructor() {
    super('conversations.message_not_found', 'not_found', 'Message not found');
  }
}

export class NoCustomerEmailError extends DomainError {
  constructor() {
    super('conversations.no_customer_email', 'invalid', NO_CUSTOMER_EMAIL_MESSAGE, 'channel');
  }
}

export class NoCustomerPhoneError extends DomainError {
  constructor() {
    super('conversations.no_customer_phone', 'invalid', NO_CUSTOMER_PHONE_MESSAGE, 'channel');
  }
}

export class CustomerSmsOptedOutError extends DomainError {
  constructor() {
    super('conversations.sms_opted_out', 'invalid', CUSTOMER_SMS_OPTED_OUT_MESSAGE, 'channel');
  }
}

export class NoSmtpError extends DomainError {
  constructor() {
    super('conversations.no_smtp', 'invalid', NO_SMTP_MESSAGE, 'channel');
  }
}

export class NoTwilioError extends DomainError {
  constructor() {
    super('conversations.no_twilio', 'invalid', NO_TWILIO_MESSAGE, 'channel');
  }
}

export class NoSenderNumberError extends DomainError {
  constructor(brand: string | null | undefined) {
    super('conversations.no_sender_number', 'invalid', noSenderNumberMessage(brand), 'channel');
  }
}

/** A retry of a message that is not a failed outbound one. */
export class MessageNotFailedError extends DomainError {
  constructor() {
    super('conversations.not_failed', 'conflict', RETRY_NOT_FAILED_MESSAGE);
  }
}

/** Longer than the channel allows (an SMS is shorter than an e-mail). */
export class ReplyTooLongError extends DomainError {
  constructor(channel: ReplyChannel) {
    super('conversations.too_long', 'invalid', replyTooLongMessage(channel), 'body');
  }
}
