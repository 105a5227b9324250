import { createHash } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { SecretBox } from '../../../common/crypto/secret-box.js';
import { TenantRunner } from '../../../common/tenancy/tenant-runner.js';
import { Customer } from '../../customers/customer.entity.js';
import { normalizeEmail } from '../../customers/customers.service.js';
import { AttachmentsService } from '../../attachments/attachments.service.js';
import { StorageService } from '../../storage/storage.service.js';
import { TicketsService } from '../../tickets/tickets.service.js';
import { ConversationRecorder } from '../conversation-recorder.js';
import { type MessageAttachment, TicketMessage } from '../ticket-message.entity.js';
import { automatedReason } from './auto-reply.js';
import { threadContent } from './email-content.js';
import { bareAddress, type InboundAttachment, type InboundEmail } from './inbound-email.js';
import { InboundMailbox } from './inbound-mailbox.entity.js';
import { InvalidInboundSignatureError } from './inbound.errors.js';
import { inboundFromWebhook, isMailgunSigned, type WebhookFile, type WebhookForm, webhookRecipients } from './mailgun-webhook.js';
import { matchTicket } from './ticket-matcher.js';

/** What became of an inbound e-mail. */
export type InboundEmailOutcome =
  | { outcome: 'threaded' | 'opened'; ticketId: string; messageId: string }
  | { outcome: 'duplicate'; ticketId: string }
  | { outcome: 'ignored'; reason: string };

const clip = (text: string | null | undefined, length: number): string | null => (text ? text.slice(0, length) : null);

/**
 * Inbound e-mail, however it arrives (the SMTP receiver, the inbound-mail webhook): finds the
 * organization by the recipient, threads the e-mail onto the ticket it answers or opens a ticket
 * with it, once per Message-ID. Machine-written mail (auto-replies, bounces, list mail) is logged
 * and dropped: no ticket, no message, no notification.
 */
@Injectable()
export class InboundEmailService {
  private readonly logger = new Logger('InboundEmail');

  constructor(
    private readonly em: EntityManager,
    private readonly tenants: TenantRunner,
    private readonly recorder: ConversationRecorder,
    private readonly tickets: TicketsService,
    private readonly storage: StorageService,
    private readonly secrets: SecretBox,
    private readonly attachments: AttachmentsService,
  ) {}

  /**
   * POST /api/webhooks/inbound-email (Mailgun's shape, mailgun-webhook.ts): the organization of the
   * recipient, the signature checked with that organization's signing key before anything is read
   * or written (403 otherwise: also for a recipient that is no organization's, which has no key to
   * check against), then `receive`.
   */
  async receiveWebhook(form: WebhookForm, files: WebhookFile[]): Promise<InboundEmailOutcome> {
    const organizationId = await this.organizationFor(webhookRecipients(form));
    const sealed = organizationId
      ? await this.tenants.run(organizationId, async ({ em }) => (await em.getRepository(InboundMailbox).ofOrganization(organizationId))?.signingKey)
      : null;
    if (!organizationId || !isMailgunSigned(this.secrets.openOptional(sealed), form)) {
      this.logger.warn(`Rejected an inbound-mail webhook${organizationId ? ` of organization ${organizationId}: bad signature` : ': no such mailbox'}`);
      throw new InvalidInboundSignatureError();
    }
    return this.receive(organizationId, inboundFromWebhook(form, files));
  }

  /**
   * The organization that receives mail at one of these recipients (plus tags ignored: the support
   * address with a ticket's tag is still the support address), or null.
   */
  async organizationFor(recipients: string[]): Promise<string | null> {
    const mailboxes = this.em.getRepository(InboundMailbox);
    for (const address of new Set(recipients.map((r) => bareAddress(normalizeEmail(r))))) {
      const organizationId = await mailboxes.organizationReceivingAt(address);
      if (organizationId) return organizationId;
    }
    return null;
  }

  /**
   * Receives one e-mail for the organization. Resolves once it is committed (a receiver answers the
   * sender only then, so a failure is retried by the sending side); a redelivery of the same
   * Message-ID changes nothing and resolves as `duplicate`.
   */
  async receive(organizationId: string, mail: InboundEmail): Promise<InboundEmailOutcome> {
    const automated = automatedReason(mail) ?? (await this.sentByUs(organizationId, mail));
    if (automated) {
      this.logger.log(`Dropped an automated e-mail to organization ${organizationId} (${automated}): no ticket, no message`);
      return { outcome: 'ignored', reason: automated };
    }
    const messageId = clip(mail.messageId, 998) ?? syntheticMessageId(mail);
    try {
      return await this.tenants.run(organizationId, async ({ em }) => {
        const existing = await em.getRepository(TicketMessage).byMessageId(messageId);
        if (existing) return { outcome: 'duplicate' as const, ticketId: idOf(existing.ticket) };
        const matched = await matchTicket(em, mail);
        const ticketId = matched ?? (await this.openTicket(em, organizationId, mail));
        const message = em.create(TicketMessage, {
          organization: organizationId,
          ticket: ticketId,
          channel: 'email',
          direction: 'inbound',
          status: 'received',
          authorName: clip(mail.from.name || mail.from.address, 255),
          fromAddress: clip(normalizeEmail(mail.from.address), 320),
          toAddress: clip(mail.recipients[0] ? normalizeEmail(mail.recipients[0]) : null, 320),
          subject: clip(mail.subject, 998),
          ...threadContent(mail.text, mail.html),
          messageId,
          inReplyTo: clip(mail.inReplyTo, 998),
          attachments: await this.keepAttachments(em, organizationId, ticketId, messageId, mail.attachments),
        });
        await this.recorder.record(em, message);
        return { outcome: matched ? ('threaded' as const) : ('opened' as const), ticketId, messageId: message.id };
      });
    } catch (error) {
      // The same e-mail delivered twice at once: the other delivery committed it.
      if (error instanceof UniqueConstraintViolationException) {
        const ticketId = await this.tenants.run(organizationId, async ({ em }) => (await em.getRepository(TicketMessage).byMessageId(messageId))?.ticket);
        if (ticketId) return { outcome: 'duplicate', ticketId: idOf(ticketId) };
      }
      throw error;
    }
  }

  /** Mail from the organization's own support address (our mail come back): never a ticket, or it could loop. */
  private async sentByUs(organizationId: string, mail: InboundEmail): Promise<string | null> {
    return (await this.organizationFor([mail.from.address])) === organizationId ? 'sent from the support address itself' : null;
  }

  /**
   * A new ticket with the e-mail as its first message, through the tickets' one intake (customer
   * matched by e-mail as at every intake, numbering, `ticket.created` and its confirmation e-mail).
   */
  private async openTicket(em: EntityManager, organizationId: string, mail: InboundEmail): Promise<string> {
    const email = normalizeEmail(mail.from.address);
    const known = await em.getRepository(Customer).byContacts(organizationId, [{ email }]);
    const name = mail.from.name?.trim() || known[0]?.name || email;
    const { body } = threadContent(mail.text, mail.html);
    const subject = mail.subject.trim();
    const { ticket } = await this.tickets.createIn(em, organizationId, null, {
      customer: { name: name.slice(0, 255), email, phone: null },
      issueDescription: [subject, body].filter(Boolean).join('\n\n') || '(empty e-mail)',
      troubleshootingAttempted: false,
      contactMethod: 'Email',
      priority: 'Medium',
      injuryReported: false,
      propertyDamage: false,
      source: 'email',
    });
    this.logger.log(`An e-mail opened ticket ${ticket.ticketNumber}`);
    return ticket.id;
  }

  /**
   * Each attachment joins the ticket's evidence (attachments: checked by its bytes, thumbnailed,
   * in the activity); a file of a kind evidence does not take (a .docx) is still kept with the
   * message through the storage driver, under a key fixed by the Message-ID. Nothing is dropped.
   */
  private async keepAttachments(em: EntityManager, organizationId: string, ticketId: string, messageId: string, files: InboundAttachment[]): Promise<MessageAttachment[]> {
    const prefix = `mail-${createHash('sha256').update(messageId).digest('hex').slice(0, 16)}`;
    const kept: MessageAttachment[] = [];
    for (const [index, file] of files.entries()) {
      const filename = file.filename || `attachment-${index + 1}`;
      const evidence = await this.attachments.attachFromBuffer(em, { id: ticketId, organization: organizationId }, { filename, contentType: file.contentType || 'application/octet-stream', bytes: file.content });
      if (evidence) {
        kept.push({ filename, content_type: evidence.contentType, size: evidence.size, object_path: evidence.objectPath });
        continue;
      }
      const contentType = file.contentType || 'application/octet-stream';
      const objectPath = await this.storage.store(em, organizationId, {
        name: `${prefix}-${index + 1}-${filename}`,
        filename,
        contentType,
        bytes: file.content,
        purpose: 'email_attachment',
      });
      kept.push({ filename, content_type: contentType, size: file.content.length, object_path: objectPath });
    }
    return kept;
  }
}

function idOf(ref: unknown): string {
  return typeof ref === 'string' ? ref : (ref as { id: string }).id;
}

/** A Message-ID for mail that came without one, fixed by its content, so a redelivery is still one message. */
function syntheticMessageId(mail: InboundEmail): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([mail.from.address, mail.subject, mail.headers['date'] ?? '', mail.text ?? '', mail.html ?? '']))
    .digest('hex')
    .slice(0, 40);
  return `${hash}@inbound.invalid`;
}
