import {
  MESSAGE_STATUS_LABELS,
  NO_CUSTOMER_EMAIL_MESSAGE,
  NO_CUSTOMER_PHONE_MESSAGE,
  CUSTOMER_SMS_OPTED_OUT_MESSAGE,
  REPLY_BODY_REQUIRED_MESSAGE,
  REPLY_CHANNEL_LABELS,
  REPLY_CHANNELS,
  REPLY_MAX_LENGTH,
  type ReplyChannel,
  isBlankReply,
  replyTooLongMessage,
} from '@warranty-crm/contract';

export { REPLY_CHANNEL_LABELS, REPLY_CHANNELS, REPLY_MAX_LENGTH, type ReplyChannel };

/** One choice of the reply box: whether it can be used for this customer, and why not. */
export interface ChannelChoice {
  channel: ReplyChannel;
  label: string;
  disabled: boolean;
  reason: string | null;
}

/** E-mail needs the customer's e-mail, SMS their phone; an internal comment is always possible. */
export function channelChoices(
  customer: { email?: string | null; phone?: string | null; sms_opted_out?: boolean | null } | null | undefined,
): ChannelChoice[] {
  const missing: Record<ReplyChannel, string | null> = {
    email: customer?.email?.trim() ? null : NO_CUSTOMER_EMAIL_MESSAGE,
    sms: !customer?.phone?.trim() ? NO_CUSTOMER_PHONE_MESSAGE : customer.sms_opted_out ? CUSTOMER_SMS_OPTED_OUT_MESSAGE : null,
    comment: null,
  };
  return REPLY_CHANNELS.map(channel => ({ channel, label: REPLY_CHANNEL_LABELS[channel], disabled: missing[channel] !== null, reason: missing[channel] }));
}

/** The channel the reply box starts on: e-mail, else SMS, else an internal comment. */
export function defaultChannel(choices: readonly ChannelChoice[]): ReplyChannel {
  return choices.find(c => !c.disabled)?.channel ?? 'comment';
}

/** The reply box's rule for the text, the server's messages. */
export function replyBodyError(body: string | null | undefined, channel: ReplyChannel): string | undefined {
  if (isBlankReply(body)) return REPLY_BODY_REQUIRED_MESSAGE;
  if (body!.trim().length > REPLY_MAX_LENGTH[channel]) return replyTooLongMessage(channel);
  return undefined;
}

/** Who a thread entry is from, as the thread tells them apart. */
export type MessageSide = 'customer' | 'agent' | 'internal';

export function messageSide(message: { direction: string }): MessageSide {
  return message.direction === 'inbound' ? 'customer' : message.direction === 'internal' ? 'internal' : 'agent';
}

/** The outbound status chip: Queued, Sent or Failed (null for received messages and comments). */
export function statusChip(message: { direction: string; status: string }): { label: string; color: 'default' | 'success' | 'error' } | null {
  if (message.direction !== 'outbound') return null;
  const label = MESSAGE_STATUS_LABELS[message.status as keyof typeof MESSAGE_STATUS_LABELS] ?? message.status;
  return { label, color: message.status === 'sent' ? 'success' : message.status === 'failed' ? 'error' : 'default' };
}

/** "E-mail", "SMS" or "Internal" beside the author. */
export function channelLabel(message: { channel: string }): string {
  return message.channel === 'email' ? 'E-mail' : message.channel === 'sms' ? 'SMS' : 'Internal';
}
