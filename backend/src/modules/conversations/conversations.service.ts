import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { REPLY_MAX_LENGTH, replyTooLongMessage } from '@warranty-crm/contract';
import type { Actor } from '../../common/auth/actor.js';
import { DomainError } from '../../common/errors/domain-error.js';
// Moving to modules/mail/ in another branch; the import path is fixed at merge.
import { OrganizationMailer } from '../notifications/channels/organization-mailer.js';
import { TwilioAccountService } from '../organizations/twilio-account.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { markTicketResponded } from '../tickets/sla/mark-responded.js';
import type { Ticket } from '../tickets/ticket.entity.js';
import { TicketsService } from '../tickets/tickets.service.js';
import { User } from '../users/user.entity.js';
import { ConversationRecorder } from './conversation-recorder.js';
import {
  MessageNotFailedError,
  NoCustomerEmailError,
  NoCustomerPhoneError,
  NoSenderNumberError,
  NoSmtpError,
  NoTwilioError,
  TicketMessageNotFoundError,
} from './conversations.errors.js';
import { MessageDelivery } from './delivery/message-delivery.js';
import { confirmationMessageId } from './delivery/reply-mail.js';
import type { CreateTicketMessageDto } from './dto/ticket-message.dto.js';
import { replySubject } from './reply-address.js';
import { senderNumberOf } from './sender-number.js';
import { TicketMessage } from './ticket-message.entity.js';

class ReplyTooLongError extends DomainError {
  constructor(channel: CreateTicketMessageDto['channel']) {
    super('conversations.too_long', 'invalid', replyTooLongMessage(channel), 'body');
  }
}

function displayName(user: User | null, fallback: string): string {
  return (user && [user.firstName, user.lastName].filter(Boolean).join(' ')) || user?.username || fallback;
}

/**
 * A ticket's conversation: the thread, an agent's reply by e-mail or SMS (queued as a durable job,
 * MessageDelivery) or internal comment (never sent), and Retry for a failed reply. The first reply
 * to the customer meets the ticket's response promise (the tickets module's markTicketResponded,
 * on this transaction).
 */
@Injectable()
export class ConversationsService {
  constructor(
    private readonly em: EntityManager,
    private readonly tickets: TicketsService,
    private readonly settings: SettingsService,
    private readonly mailer: OrganizationMailer,
    private readonly twilioAccount: TwilioAccountService,
    private readonly recorder: ConversationRecorder,
    private readonly delivery: MessageDelivery,
  ) {}

  /** The thread, oldest first; another organization's ticket is a 404. */
  async thread(actor: Actor, ticketId: string): Promise<TicketMessage[]> {
    await this.tickets.get(actor, ticketId);
    return this.em.getRepository(TicketMessage).thread(ticketId);
  }

  async post(actor: Actor, ticketId: string, dto: CreateTicketMessageDto): Promise<TicketMessage> {
    if (dto.body.length > REPLY_MAX_LENGTH[dto.channel]) throw new ReplyTooLongError(dto.channel);
    return this.em.transactional(async (tx) => {
      const ticket = await this.tickets.get(actor, ticketId, tx);
      const author = await tx.getRepository(User).findOne({ id: actor.id });
      const message = tx.create(TicketMessage, {
        organization: actor.organizationId,
        ticket,
        channel: dto.channel,
        direction: dto.channel === 'comment' ? 'internal' : 'outbound',
        status: dto.channel === 'comment' ? 'internal' : 'queued',
        author: author ?? null,
        authorName: displayName(author, actor.username),
        body: dto.body,
      });
      if (dto.channel === 'email') await this.addressEmail(tx, actor.organizationId, ticket, message, dto.subject);
      if (dto.channel === 'sms') await this.addressText(tx, actor.organizationId, ticket, message);
      await this.recorder.record(tx, message);
      if (message.direction === 'outbound') {
        await this.delivery.queue(tx, message);
        await markTicketResponded(tx, actor.organizationId, ticket.id, message.createdAt);
      }
      return message;
    });
  }

  /** A failed reply queued again (the same Message-ID, or the same SMS reference). */
  async retry(actor: Actor, ticketId: string, messageId: string): Promise<TicketMessage> {
    return this.em.transactional(async (tx) => {
      await this.tickets.get(actor, ticketId, tx);
      const repository = tx.getRepository(TicketMessage);
      const message = await repository.lockedOfTicket(ticketId, messageId);
      if (!message) throw new TicketMessageNotFoundError();
      if (message.direction !== 'outbound' || message.status !== 'failed') throw new MessageNotFailedError();
      message.status = 'queued';
      message.error = null;
      await tx.flush();
      await this.delivery.queue(tx, message);
      await this.recorder.changed(tx, actor.organizationId, ticketId, message.id);
      return (await repository.ofTicket(ticketId, messageId))!;
    });
  }

  private async addressEmail(tx: EntityManager, organizationId: string, ticket: Ticket, message: TicketMessage, subject: string | undefined): Promise<void> {
    const to = ticket.customer.email?.trim();
    if (!to) throw new NoCustomerEmailError();
    const smtp = await this.mailer.smtpOf(tx, organizationId);
    if (!smtp) throw new NoSmtpError();
    const thread = (await tx.getRepository(TicketMessage).thread(ticket.id)).filter((m) => m !== message);
    const lastSubject = thread.filter((m) => m.channel === 'email' && m.subject).at(-1)?.subject;
    message.fromAddress = smtp.fromEmail;
    message.toAddress = to;
    message.subject = replySubject(ticket.ticketNumber, subject || lastSubject || `Your warranty ticket ${ticket.ticketNumber}`);
    // Fixed now, so every attempt (and a Retry) sends the same message.
    message.messageId = `${randomUUID()}@${smtp.fromEmail.split('@')[1] || 'localhost'}`;
    message.inReplyTo = thread.filter((m) => m.channel === 'email' && m.messageId).at(-1)?.messageId ?? confirmationMessageId(ticket, smtp.fromEmail);
  }

  private async addressText(tx: EntityManager, organizationId: string, ticket: Ticket, message: TicketMessage): Promise<void> {
    const to = ticket.customer.phone?.trim();
    if (!to) throw new NoCustomerPhoneError();
    if (!(await this.twilioAccount.credentials(organizationId, tx))) throw new NoTwilioError();
    const from = await senderNumberOf(tx, this.settings, organizationId, ticket.productBrand);
    if (!from) throw new NoSenderNumberError(ticket.productBrand);
    message.fromAddress = from;
    message.toAddress = to;
  }
}
