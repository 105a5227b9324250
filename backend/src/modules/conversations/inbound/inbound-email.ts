/** A file an inbound e-mail carried, as the receiver or the webhook read it. */
export interface InboundAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * An inbound e-mail as both receivers hand it to InboundEmailService: the SMTP receiver (parsed by
 * mailparser) and the inbound-mail webhook (the provider's form fields).
 */
export interface InboundEmail {
  /** Where it was delivered: the SMTP envelope's recipients, or the webhook's `recipient`; then the To and Cc addresses. */
  recipients: string[];
  from: { address: string; name: string | null };
  /** The SMTP envelope's MAIL FROM ("" for the null sender `<>` of bounces); undefined when unknown (the webhook). */
  envelopeSender?: string;
  subject: string;
  text: string | null;
  html: string | null;
  /** Without angle brackets; null when the sender gave none. */
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  /** Header names in lower case, the first value of each, unfolded. */
  headers: Record<string, string>;
  attachments: InboundAttachment[];
}

/** `<a@b> <c@d>` (or one id without brackets) as ids without angle brackets. */
export function messageIds(value: string | string[] | null | undefined): string[] {
  const text = Array.isArray(value) ? value.join(' ') : (value ?? '');
  const bracketed = [...text.matchAll(/<([^<>\s]+)>/g)].map((m) => m[1]!);
  if (bracketed.length) return bracketed;
  return text.split(/[\s,]+/).filter((id) => id.includes('@'));
}

/** An address (`Name <a@b>` or `a@b`) in lower case, without a display name. */
export function addressOf(value: string): string {
  const bracketed = /<([^<>]+)>/.exec(value);
  return (bracketed ? bracketed[1]! : value).trim().toLowerCase();
}

/** The address without its plus tag: `support+abc@acme.test` is `support@acme.test`. */
export function bareAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const local = address.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus < 0 ? local : local.slice(0, plus)}${address.slice(at)}`;
}

/** The plus tag of an address (`support+<tag>@domain`), or null. */
export function plusTag(address: string): string | null {
  const at = address.lastIndexOf('@');
  const local = at < 0 ? address : address.slice(0, at);
  const plus = local.indexOf('+');
  return plus < 0 || plus === local.length - 1 ? null : local.slice(plus + 1);
}
