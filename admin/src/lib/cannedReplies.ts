import { CANNED_REPLY_BODY_MAX, CANNED_REPLY_MESSAGES, CANNED_REPLY_NAME_MAX, CANNED_REPLY_PLACEHOLDERS } from '@warranty-crm/contract';

export interface CannedReplyValues {
  name?: string;
  body?: string;
}

/** The form's rules, the API's (the contract's messages): a name and a text, within their limits. */
export function validateCannedReply(values: CannedReplyValues): Partial<Record<keyof CannedReplyValues, string>> {
  const errors: Partial<Record<keyof CannedReplyValues, string>> = {};
  const name = (values.name ?? '').trim();
  const body = values.body ?? '';
  if (!name) errors.name = CANNED_REPLY_MESSAGES.nameRequired;
  else if (name.length > CANNED_REPLY_NAME_MAX) errors.name = CANNED_REPLY_MESSAGES.nameTooLong;
  if (!body.trim()) errors.body = CANNED_REPLY_MESSAGES.bodyRequired;
  else if (body.length > CANNED_REPLY_BODY_MAX) errors.body = CANNED_REPLY_MESSAGES.bodyTooLong;
  return errors;
}

/** The helper line under the text: the placeholders a reply may use. */
export const PLACEHOLDER_HELP = `Placeholders: ${CANNED_REPLY_PLACEHOLDERS.map(p => `{{${p}}}`).join(', ')}`;

/** A reply's text on one line, cut to `max` characters, for the list and the picker. */
export function preview(body: string, max = 80): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
