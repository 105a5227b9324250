import type { InboundEmail } from './inbound-email.js';

const BULK_PRECEDENCE = ['bulk', 'junk', 'auto_reply', 'list'];
const SYSTEM_SENDERS = ['mailer-daemon', 'postmaster'];

/**
 * Why an e-mail is machine-written (an auto-reply, a bounce, a list message), or null when a person
 * wrote it. Such mail opens no ticket, joins no thread and notifies nobody, so two auto-responders
 * (ours or the customer's) can never answer each other in a loop (RFC 3834, RFC 3464).
 */
export function automatedReason(mail: Pick<InboundEmail, 'headers' | 'from' | 'envelopeSender'>): string | null {
  const h = mail.headers;
  if (mail.envelopeSender === '') return 'the null sender <> (a bounce)';
  const autoSubmitted = h['auto-submitted']?.trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== 'no') return `Auto-Submitted: ${autoSubmitted}`;
  if (h['x-autoreply'] !== undefined) return 'X-Autoreply';
  if (h['x-autorespond'] !== undefined) return 'X-Autorespond';
  if (h['x-autoresponder'] !== undefined) return 'X-Autoresponder';
  const precedence = h['precedence']?.trim().toLowerCase();
  if (precedence && BULK_PRECEDENCE.includes(precedence)) return `Precedence: ${precedence}`;
  if (h['list-id'] !== undefined) return 'List-Id';
  if (h['x-failed-recipients'] !== undefined) return 'X-Failed-Recipients';
  const contentType = h['content-type']?.toLowerCase() ?? '';
  if (contentType.startsWith('multipart/report')) return 'a delivery report (multipart/report)';
  const sender = mail.from.address.trim().toLowerCase();
  if (!sender) return 'no sender';
  const local = sender.split('@')[0]!;
  if (SYSTEM_SENDERS.includes(local)) return `sent by ${local}`;
  return null;
}
