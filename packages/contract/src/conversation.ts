/**
 * A ticket's conversation (issue 29): the reply box's channels, limits and messages, the same on
 * the API's validation and the admin's form.
 */

/** How an agent writes on a ticket's thread: an e-mail or a text to the customer, or an internal comment. */
export const REPLY_CHANNELS = ['email', 'sms', 'comment'] as const;
export type ReplyChannel = (typeof REPLY_CHANNELS)[number];

/** The reply box's labels of the channels. */
export const REPLY_CHANNEL_LABELS: Record<ReplyChannel, string> = {
  email: 'E-mail',
  sms: 'SMS',
  comment: 'Internal comment',
};

/** Longest message body per channel, in characters of its trimmed text (an SMS: ten segments). */
export const REPLY_MAX_LENGTH: Record<ReplyChannel, number> = {
  email: 20000,
  sms: 1600,
  comment: 20000,
};
export const SUBJECT_MAX_LENGTH = 200;

export const REPLY_CHANNEL_MESSAGE = 'Channel must be one of: email, sms, comment';
export const REPLY_BODY_REQUIRED_MESSAGE = 'Message is required';
export const SUBJECT_TOO_LONG_MESSAGE = `Subject must be at most ${SUBJECT_MAX_LENGTH} characters`;
export function replyTooLongMessage(channel: ReplyChannel): string {
  return `${channel === 'sms' ? 'An SMS' : channel === 'email' ? 'An e-mail' : 'A comment'} must be at most ${REPLY_MAX_LENGTH[channel]} characters`;
}
export const NO_CUSTOMER_EMAIL_MESSAGE = 'This customer does not have an email address on file.';
export const NO_CUSTOMER_PHONE_MESSAGE = 'This customer does not have a phone number on file.';
/** The customer texted STOP (or a synonym): no text goes to them until they text START. */
export const CUSTOMER_SMS_OPTED_OUT_MESSAGE = 'This customer opted out of text messages (STOP); they can be texted again once they send START.';
export const NO_SMTP_MESSAGE = 'E-mail is not set up: add the SMTP settings (host and from address) in Settings';
export const NO_TWILIO_MESSAGE = 'SMS is not set up: connect a Twilio account in Phone Setup';
export function noSenderNumberMessage(brand: string | null | undefined): string {
  return brand
    ? `No number to text from: add a phone number for ${brand} in the Phone System, or set the organization's default number in Settings`
    : `No number to text from: add a phone number in the Phone System, or set the organization's default number in Settings`;
}

/** Why a reply can be retried: only a failed outbound message. */
export const RETRY_NOT_FAILED_MESSAGE = 'Only a failed message can be sent again';

/** The outbound message states as the thread shows them. */
export const MESSAGE_STATUS_LABELS = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  received: 'Received',
  internal: 'Internal',
} as const;

/** Whether a reply's text is blank (the reply box's Send is disabled, the API answers 400). */
export function isBlankReply(body: string | null | undefined): boolean {
  return !body || body.trim() === '';
}
