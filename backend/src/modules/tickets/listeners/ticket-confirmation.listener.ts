import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type JobAttempt, OnDomainEvent } from '../../../common/jobs/job-decorators.js';
import { type TenantContext, TenantRunner } from '../../../common/tenancy/tenant-runner.js';
import { MailTemplates } from '../../mail/mail-templates.js';
import { OrganizationMailer } from '../../mail/organization-mailer.js';
import { TicketCreatedEvent } from '../events/ticket-created.event.js';
import { promisedResponseHours } from '../response-promise.js';
import { TicketActivity } from '../ticket-activity.entity.js';
import { type ConfirmationStatus, Ticket } from '../ticket.entity.js';

/**
 * Attempts of one confirmation: with the queue's backoff (e^attempt seconds) the last one starts
 * about four minutes after the ticket was created, inside the five minutes the toast promises.
 */
export const CONFIRMATION_ATTEMPTS = 6;

/** The outcome on the ticket, without touching its updated_at (the customer's ticket did not change). */
async function settle(em: EntityManager, organizationId: string, ticket: Ticket, status: ConfirmationStatus, error: string | null): Promise<void> {
  const at = new Date();
  const updated = await em.nativeUpdate(
    Ticket,
    { id: ticket.id },
    { confirmationStatus: status, confirmationError: error, ...(status === 'sent' ? { confirmationSentAt: at } : {}) },
  );
  if (status === 'pending' || !updated) return; // still retrying, or the ticket was deleted meanwhile
  em.create(TicketActivity, {
    organization: organizationId,
    ticket: ticket.id,
    kind: 'confirmation_email',
    actor: null,
    detail: { status, email: ticket.confirmationEmail ?? null, error },
    createdAt: at,
  });
  await em.flush();
}

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 500 ? `${text.slice(0, 499)}…` : text;
}

/**
 * Sends the customer of a new ticket (any intake: the form, a call, the AI agent) the confirmation
 * e-mail through the organization's SMTP, once. The confirmation's state is the ticket's, kept here
 * by the module that owns the row; the mail is the mail module's template, sent through
 * the organization's SMTP (OrganizationMailer). The job's receipt makes a redelivery a no-op; the send itself is
 * recorded on its own commit right after the server accepted the message, so a retry whose job commit was lost finds the ticket `sent` and sends nothing; a process killed
 * between the server's acceptance and that commit sends again on the next attempt, but with the
 * same Message-ID (fixed per ticket), so it is the same message, not a second one. An SMTP failure
 * throws and the queue retries with backoff; the last attempt's failure marks the ticket `failed`.
 */
@Injectable()
export class TicketConfirmationListener {
  constructor(
    private readonly mailer: OrganizationMailer,
    private readonly templates: MailTemplates,
    private readonly tenants: TenantRunner,
  ) {}

  @OnDomainEvent(TicketCreatedEvent, { maxAttempts: CONFIRMATION_ATTEMPTS })
  async onTicketCreated(event: TicketCreatedEvent, { em, organizationId }: TenantContext, { attempt, maxAttempts }: JobAttempt): Promise<void> {
    const ticket = await em.findOne(Ticket, { id: event.ticketId }, { populate: ['customer'] });
    // Deleted, made without a customer e-mail, or already settled by an earlier attempt.
    if (!ticket?.confirmationEmail || ticket.confirmationStatus !== 'pending') return;
    const smtp = await this.mailer.smtpOf(em, organizationId);
    if (!smtp) return settle(em, organizationId, ticket, 'not_sent_no_smtp', null);

    const mail = this.templates.ticketConfirmation(ticket.confirmationEmail, {
      customerName: ticket.customer.name,
      ticketNumber: ticket.ticketNumber,
      product: [[ticket.productBrand, ticket.productModel].filter(Boolean).join(' '), ticket.productSku ? `(SKU ${ticket.productSku})` : '']
        .filter(Boolean)
        .join(' '),
      issueCategory: ticket.issueCategory ?? null,
      issueDescription: ticket.issueDescription,
      responseHours: promisedResponseHours(ticket),
    });
    try {
      // Fixed per ticket, so a resend after a crash is the same message (one Message-ID).
      await this.mailer.send(smtp, { ...mail, deliveryKey: `ticket-confirmation:${ticket.id}` });
    } catch (error) {
      // Kept although this job's transaction rolls back: the detail page shows the reason.
      await this.tenants.run(organizationId, ({ em: own }) => settle(own, organizationId, ticket, attempt >= maxAttempts ? 'failed' : 'pending', reasonOf(error)));
      throw error;
    }
    await this.tenants.run(organizationId, ({ em: own }) => settle(own, organizationId, ticket, 'sent', null));
  }
}
