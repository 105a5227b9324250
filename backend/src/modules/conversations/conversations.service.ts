import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { REPLY_MAX_LENGTH } from '@warranty-crm/contract';
import type { Actor } from '../../common/auth/actor.js';
// Moving to modules/mail/ in another branch; the import path is fixed at merge.
import { OrganizationMailer } from '../mail/organization-mailer.js';
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
  CustomerSmsOptedOutError,
  NoCustomerPhoneError,
  NoSenderNumberError,
  NoSmtpError,
  NoTwilioError,
  ReplyTooLongError,
  TicketMessageNotFoundError,
} from './conversations.errors.js';
import { MessageDelivery } from './delivery/message-delivery.js';
import { confirmationMessageId } from './delivery/reply-mail.js';
import type { CreateTicketMessageDto } from './dto/ticket-message.dto.js';
import { replySubject } from './reply-address.js';
import { senderNumberOf } from './sender-number.js';
import { TicketMessage } from './ticket-message.entity.js';

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
    return this.em.transactional((tx) => this.postIn(tx, actor, ticketId, dto));
  }

  /** A post on the caller's transaction (a warranty decision tells the customer in the same commit). */
  async postIn(tx: EntityManager, actor: Actor, ticketId: string, dto: CreateTicketMessageDto): Promise<TicketMessage> {
    if (dto.body.length > REPLY_MAX_LENGTH[dto.channel]) throw new ReplyTooLongError(dto.channel);
    const ticket = await this.tickets.get(actor, ticketId, tx);
    const author = await tx.getRepository(User).findOne({ id: actor.id });
    const addressing =
      dto.channel === 'email'
        ? await this.emailAddressing(tx, actor.organizationId, ticket, dto.subject)
        : dto.channel === 'sms'
          ? await this.textAddressing(tx, actor.organizationId, ticket)
          : {};
    const message = tx.create(TicketMessage, {
      organization: actor.organizationId,
      ticket,
      channel: dto.channel,
      direction: dto.channel === 'comment' ? 'internal' : 'outbound',
      status: dto.channel === 'comment' ? 'internal' : 'queued',
      author: author ?? null,
      authorName: displayName(author, actor.username),
      body: dto.body,
      ...addressing,
    });
    await this.recorder.record(tx, message);
    if (message.direction === 'outbound') {
      await this.delivery.queue(tx, message);
      await markTicketResponded(tx, actor.organizationId, ticket.id, message.createdAt);
    }
    return message;
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

  /** An e-mail's sender, recipient, subject and threading, its Message-ID fixed now (every attempt and a Retry send the same message). */
  private async emailAddressing(tx: EntityManager, organizationId: string, ticket: Ticket, subject: string | undefined): Promise<Partial<TicketMessage>> {
    const to = ticket.customer.email?.trim();
    if (!to) throw new NoCustomerEmailError();
    const smtp = await this.mailer.smtpOf(tx, organizationId);
    if (!smtp) throw new NoSmtpError();
    const emails = (await tx.getRepository(TicketMessage).thread(ticket.id)).filter((m) => m.channel === 'email');
    const lastSubject = emails.filter((m) => m.subject).at(-1)?.subject;
    return {
      fromAddress: smtp.fromEmail,
      toAddress: to,
      subject: replySubject(ticket.ticketNumber, subject || lastSubject || `Your warranty ticket ${ticket.ticketNumber}`),
      messageId: `${randomUUID()}@${smtp.fromEmail.split('@')[1] || 'localhost'}`,
      inReplyTo: emails.filter((m) => m.messageId).at(-1)?.messageId ?? confirmationMessageId(ticket, smtp.fromEmail),
    };
  }

  /** A text's number to send from (the ticket's brand's, else the default) and the customer's phone. */
  private async textAddressing(tx: EntityManager, organizationId: string, ticket: Ticket): Promise<Partial<TicketMessage>> {
    const to = ticket.customer.phone?.trim();
    if (!to) throw new NoCustomerPhoneError();
    if (ticket.customer.smsOptedOutAt) throw new CustomerSmsOptedOutError();
    if (!(await this.twilioAccount.credentials(organizationId, tx))) throw new NoTwilioError();
    const from = await senderNumberOf(tx, this.settings, organizationId, ticket.productBrand);
    if (!from) throw new NoSenderNumberError(ticket.productBrand);
    return { fromAddress: from, toAddress: to };
  }
}
