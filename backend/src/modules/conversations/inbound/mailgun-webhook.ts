import { createHmac, timingSafeEqual } from 'node:crypto';
import { addressOf, type InboundAttachment, type InboundEmail, messageIds } from './inbound-email.js';

/**
 * The inbound-mail webhook speaks Mailgun's "forward()" route shape
 * (https://documentation.mailgun.com/docs/mailgun/user-manual/receive-forward-store/):
 * a form (urlencoded, or multipart/form-data when files are attached) with `recipient`, `sender`,
 * `from`, `subject`, `body-plain`, `body-html`, `Message-Id`, `In-Reply-To`, `References`,
 * `message-headers` (JSON `[[name, value], ...]`), files `attachment-1` … `attachment-N`, and
 * `timestamp`, `token`, `signature`: the hex HMAC-SHA256 of timestamp + token with the signing key.
 */
export type WebhookForm = Record<string, unknown>;

/** A file of the webhook's multipart body, as the controller reads it. */
export interface WebhookFile {
  fieldname: string;
  originalname: string;
  mimetype: string;
  buffer: Buffer;
}

function field(form: WebhookForm, name: string): string | null {
  const value = form[name];
  return typeof value === 'string' ? value : null;
}

export function mailgunSignature(signingKey: string, timestamp: string, token: string): string {
  return createHmac('sha256', signingKey).update(timestamp + token).digest('hex');
}

/** Whether `signature` is the signing key's HMAC of the form's timestamp and token. */
export function isMailgunSigned(signingKey: string | null, form: WebhookForm): boolean {
  const timestamp = field(form, 'timestamp');
  const token = field(form, 'token');
  const signature = field(form, 'signature');
  if (!signingKey || !timestamp || !token || !signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(mailgunSignature(signingKey, timestamp, token), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'));
}

/** Where the webhook says the message was delivered. */
export function webhookRecipients(form: WebhookForm): string[] {
  return (field(form, 'recipient') ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)
    .map(addressOf);
}

/** Header names in lower case: from `message-headers`, then the form's own header fields. */
function headersOf(form: WebhookForm): Record<string, string> {
  const headers: Record<string, string> = {};
  try {
    const pairs = JSON.parse(field(form, 'message-headers') ?? '[]') as unknown;
    if (Array.isArray(pairs)) {
      for (const pair of pairs) {
        if (Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string') headers[pair[0].toLowerCase()] ??= pair[1];
      }
    }
  } catch {
    // Not JSON: the form's own fields below.
  }
  for (const [name, value] of Object.entries(form)) {
    if (typeof value === 'string' && /^[A-Z]/.test(name)) headers[name.toLowerCase()] ??= value;
  }
  return headers;
}

/** The display name and address of `Name <a@b>`. */
function mailbox(value: string): { address: string; name: string | null } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>]+)>\s*$/.exec(value);
  return match ? { address: match[2]!.trim(), name: match[1]!.trim() || null } : { address: value.trim(), name: null };
}

export function inboundFromWebhook(form: WebhookForm, files: WebhookFile[]): InboundEmail {
  const headers = headersOf(form);
  const from = mailbox(field(form, 'from') ?? headers['from'] ?? field(form, 'sender') ?? '');
  const attachments: InboundAttachment[] = files
    .filter((f) => /^attachment-\d+$/.test(f.fieldname))
    .sort((a, b) => Number(a.fieldname.split('-')[1]) - Number(b.fieldname.split('-')[1]))
    .map((f) => ({ filename: f.originalname, contentType: f.mimetype, content: f.buffer }));
  const recipients = [...webhookRecipients(form), ...(headers['to'] ?? '').split(',').filter((a) => a.includes('@')).map(addressOf)];
  return {
    recipients: [...new Set(recipients)],
    from,
    subject: field(form, 'subject') ?? headers['subject'] ?? '',
    text: field(form, 'body-plain'),
    html: field(form, 'body-html'),
    messageId: messageIds(headers['message-id'])[0] ?? null,
    inReplyTo: messageIds(headers['in-reply-to'])[0] ?? null,
    references: messageIds(headers['references']),
    headers,
    attachments,
  };
}
