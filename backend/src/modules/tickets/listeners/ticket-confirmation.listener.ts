import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import pMap from 'p-map';
import { type BatchOutcome, type JobAttempt, OnDomainEvents } from '../../../common/jobs/job-decorators.js';
import { type TenantContext, TenantRunner } from '../../../common/tenancy/tenant-runner.js';
import { MailTemplates } from '../../mail/mail-templates.js';
import { OrganizationMailer, SMTP_POOL_CONNECTIONS } from '../../mail/organization-mailer.js';
import { TicketCreatedEvent } from '../events/ticket-created.event.js';
import { promisedResponseHours } from '../response-promise.js';
import { type ConfirmationStatus, Ticket } from '../ticket.entity.js';
import type { NewTicketSummary } from '../ticket.repository.js';

/**
 * Attempts of one confirmation: with the queue's backoff (e^attempt seconds) the last one starts
 * about four minutes after the ticket was created, inside the five minutes the toast promises.
 */
export const CONFIRMATION_ATTEMPTS = 6;

/** The outcome on the tickets, and for a final one a row of each one's activity trail: one statement. */
async function settle(em: EntityManager, tickets: NewTicketSummary[], status: ConfirmationStatus, error: string | null): Promise<void> {
  if (!tickets.length) return;
  // 'pending': still retrying, nothing for the trail yet.
  await em.getRepository(Ticket).settleConfirmations(tickets.map((t) => t.id), { status, error, at: new Date(), recorded: status !== 'pending' });
}

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 500 ? `${text.slice(0, 499)}…` : text;
}

/**
 * Sends the customer of a new ticket (any intake: the form, a call, the AI agent) the confirmation
 * e-mail through the organization's SMTP, once. The confirmation's state is the ticket's, kept here
 * by the module that owns the row; the mail is the mail module's template, sent through the
 * organization's SMTP (OrganizationMailer). A burst of creates is one batch: the tickets and the
 * SMTP settings read once, the messages sent a few at a time over the pooled transport.
 *
 * At most once: the job's receipt makes a redelivery a no-op; the sends are recorded on a commit of
 * their own right after the server accepted them, so a retry whose job commit was lost finds the
 * ticket `sent` and sends nothing; a process killed between the server's acceptance and that commit
 * sends again, but with the same Message-ID (fixed per ticket), so it is the same message, not a
 * second one. A failed send is recorded with its reason (`failed` on the last attempt) and retried on
 * its own with backoff, while the batch's other tickets are done.
 */
@Injectable()
export class TicketConfirmationListener {
  constructor(
    private readonly mailer: OrganizationMailer,
    private readonly templates: MailTemplates,
    private readonly tenants: TenantRunner,
  ) {}

  @OnDomainEvents(TicketCreatedEvent, { batch: 50, maxAttempts: CONFIRMATION_ATTEMPTS })
  async onTicketCreated(events: TicketCreatedEvent[], { em, organizationId }: TenantContext, { attempt, maxAttempts }: JobAttempt): BatchOutcome<TicketCreatedEvent> {
    const eventOf = new Map(events.map((e) => [e.ticketId, e]));
    // Deleted, made without a customer e-mail, or already settled by an earlier attempt.
    const tickets = (await em.getRepository(Ticket).newTicketSummaries([...eventOf.keys()])).filter((t) => t.confirmationEmail && t.confirmationStatus === 'pending');
    if (!tickets.length) return;
    const smtp = await this.mailer.smtpOf(em, organizationId);
    if (!smtp) return settle(em, tickets, 'not_sent_no_smtp', null);

    const outcomes = await pMap(
      tickets,
      async (ticket) => {
        try {
          // Fixed per ticket, so a resend after a crash is the same message (one Message-ID).
          await this.mailer.send(smtp, { ...this.confirmation(ticket), deliveryKey: `ticket-confirmation:${ticket.id}` });
          return { ticket };
        } catch (error) {
          return { ticket, error };
        }
      },
      { concurrency: SMTP_POOL_CONNECTIONS },
    );
    const failed = outcomes.filter((o) => 'error' in o);
    // Kept whatever becomes of this job's transaction: the detail page shows each outcome.
    await this.tenants.run(organizationId, async ({ em: own }) => {
      await settle(own, outcomes.filter((o) => !('error' in o)).map((o) => o.ticket), 'sent', null);
      for (const { ticket, error } of failed) {
        await settle(own, [ticket], attempt >= maxAttempts ? 'failed' : 'pending', reasonOf(error));
      }
    });
    return failed.map(({ ticket, error }) => ({ item: eventOf.get(ticket.id)!, error }));
  }

  private confirmation(ticket: NewTicketSummary) {
    return this.templates.ticketConfirmation(ticket.confirmationEmail!, {
      customerName: ticket.customerName,
      ticketNumber: ticket.ticketNumber,
      product: [[ticket.productBrand, ticket.productModel].filter(Boolean).join(' '), ticket.productSku ? `(SKU ${ticket.productSku})` : '']
        .filter(Boolean)
        .join(' '),
      issueCategory: ticket.issueCategory ?? null,
      issueDescription: ticket.issueDescription,
      responseHours: promisedResponseHours(ticket),
    });
  }
}
