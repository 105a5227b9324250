import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { messageIdFor } from '../../mail/outgoing-mail.js';
// Moving to modules/mail/ in another branch; the import path is fixed at merge.
import { OrganizationMailer } from '../../mail/organization-mailer.js';
import type { Ticket } from '../../tickets/ticket.entity.js';
import { replyAddressFor } from '../reply-address.js';
import { TicketMessage } from '../ticket-message.entity.js';
import { PermanentDeliveryError } from './delivery-errors.js';
import { NO_SMTP_MESSAGE } from '@warranty-crm/contract';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * The Message-ID (without brackets) of the customer's confirmation e-mail when it was sent: the
 * first message of the thread as the customer's mail client sees it (fixed per ticket by the
 * confirmation's delivery key).
 */
export function confirmationMessageId(ticket: Pick<Ticket, 'id' | 'confirmationStatus'>, fromEmail: string): string | null {
  return ticket.confirmationStatus === 'sent' ? messageIdFor(`ticket-confirmation:${ticket.id}`, fromEmail).slice(1, -1) : null;
}

/** A bracketed Message-ID header value from a stored one. */
const bracketed = (id: string) => `<${id}>`;

/**
 * Sends an agent's e-mail reply through the organization's SMTP, from its support address: the
 * Message-ID fixed when it was queued (a resend is the same message), In-Reply-To the thread's
 * latest e-mail before it (else the customer's confirmation, when one was sent), References the
 * thread's e-mails oldest first, and a Reply-To that brings the answer back to this ticket.
 */
@Injectable()
export class ReplyMail {
  constructor(private readonly mailer: OrganizationMailer) {}

  async send(em: EntityManager, organizationId: string, message: TicketMessage): Promise<void> {
    const smtp = await this.mailer.smtpOf(em, organizationId);
    if (!smtp) throw new PermanentDeliveryError(NO_SMTP_MESSAGE);
    const ticket = message.ticket as Ticket;
    const earlier = await em.getRepository(TicketMessage).earlierMessageIds(ticket.id, message.createdAt, message.id);
    const confirmation = confirmationMessageId(ticket, smtp.fromEmail);
    const references = [...(confirmation ? [confirmation] : []), ...earlier].map(bracketed);
    const text = message.body;
    await this.mailer.send(smtp, {
      to: message.toAddress!,
      subject: message.subject ?? `Re: [#${ticket.ticketNumber}]`,
      text,
      html: `<div style="font-family: sans-serif; white-space: pre-wrap">${escapeHtml(text)}</div>`,
      messageId: bracketed(message.messageId!),
      replyTo: replyAddressFor(smtp.fromEmail, ticket.id),
      inReplyTo: message.inReplyTo ? bracketed(message.inReplyTo) : undefined,
      references,
    });
  }
}
