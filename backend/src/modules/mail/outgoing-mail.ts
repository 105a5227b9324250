import { createHash } from 'node:crypto';

/** An organization's SMTP server, as its settings hold it (password already opened). */
export interface SmtpSettings {
  /** Whose server it is: the mailer keeps one transport per organization. */
  organizationId: string;
  host: string;
  port: number;
  username: string | null;
  password: string | null;
  fromEmail: string;
  fromName: string | null;
}

/** A rendered message (MailTemplates renders each of ours), ready for OrganizationMailer.send. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * What this message is, once for all its attempts (`ticket-confirmation:<ticket id>`): its
   * Message-ID is derived from it (messageIdFor), so an attempt after a crash that may have sent it
   * already is the same message to every mail system, not a second one. Left out, each send gets a
   * new Message-ID.
   */
  deliveryKey?: string;
  /** A Message-ID kept by the caller (`<id@host>`); it wins over deliveryKey. */
  messageId?: string;
  /** Where the recipient's answer goes (a ticket's reply address). */
  replyTo?: string;
  /** Threading (RFC 5322): the Message-ID answered (`<id@host>`) and the thread's earlier ones, oldest first. */
  inReplyTo?: string;
  references?: string[];
}

/** The Message-ID of a delivery: the same for every attempt, on the sender's domain. */
export function messageIdFor(deliveryKey: string, fromEmail: string): string {
  return messageIdOn(deliveryKey, fromEmail.split('@')[1]?.trim() || 'localhost');
}

/**
 * The same scheme on a given domain, for a Message-ID fixed before the sender is known (an
 * invitation's, kept on its row: `invitation:<user id>` on the app's host).
 */
export function messageIdOn(deliveryKey: string, domain: string): string {
  return `<${createHash('sha256').update(deliveryKey).digest('hex').slice(0, 40)}@${domain}>`;
}
