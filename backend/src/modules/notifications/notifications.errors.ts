import { DomainError } from '../../common/errors/domain-error.js';
import { NOTIFICATION_CHANNELS } from './catalogue.js';
import { NO_EMAIL, NO_PHONE, NO_SMTP } from './channels/skip-reasons.js';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

export class NotificationNotFoundError extends DomainError {
  constructor() {
    super('notifications.not_found', 'not_found', NOTIFICATION_NOT_FOUND);
  }
}

/** "Send test e-mail" / "Send test SMS" without an address to send it to. */
export class TestRecipientMissingError extends DomainError {
  constructor(channel: 'email' | 'sms') {
    super(`notifications.no_${channel === 'email' ? 'email' : 'phone'}`, 'invalid', channel === 'email' ? NO_EMAIL : NO_PHONE);
  }
}

export class SmtpNotConfiguredError extends DomainError {
  constructor() {
    super('notifications.no_smtp', 'invalid', `${NO_SMTP}: set the SMTP host and from address in Settings`);
  }
}

/** SMS cannot be sent for the organization (no Twilio account or number); the sender's reason as is. */
export class SmsNotAvailableError extends DomainError {
  constructor(reason: string) {
    super('notifications.sms_unavailable', 'invalid', reason);
  }
}

export class UnknownNotificationEventError extends DomainError {
  constructor(eventType: string) {
    super('notifications.unknown_event', 'invalid', `Unknown notification event: ${eventType}`);
  }
}

export class NotificationEventComingSoonError extends DomainError {
  constructor(label: string) {
    super('notifications.event_coming_soon', 'invalid', `${label} notifications are coming soon`);
  }
}

/** A preference update sets exactly one channel flag. */
export class OneChannelFlagError extends DomainError {
  constructor() {
    super('notifications.one_channel_flag', 'invalid', `Give exactly one channel flag: one of ${NOTIFICATION_CHANNELS.join(', ')}`);
  }
}
