import type { EntityManager } from '@mikro-orm/postgresql';
import { Global, Injectable, Module } from '@nestjs/common';
import { type TicketConfirmationMail, TicketConfirmationMailer } from '../../tickets/ticket-confirmation-mailer.js';
import { ticketConfirmationEmail } from './email-content.js';
import { NotificationsModule } from '../notifications.module.js';
import { OrganizationMailer } from './organization-mailer.js';

/** The tickets' confirmation e-mail, written by email-content and sent through the organization's SMTP. */
@Injectable()
export class SmtpTicketConfirmationMailer extends TicketConfirmationMailer {
  constructor(private readonly mailer: OrganizationMailer) {
    super();
  }

  async senderFor(em: EntityManager, organizationId: string): Promise<((mail: TicketConfirmationMail) => Promise<void>) | null> {
    const smtp = await this.mailer.smtpOf(em, organizationId);
    if (!smtp) return null;
    return async ({ to, deliveryKey, ...content }) => {
      await this.mailer.send(smtp, { ...ticketConfirmationEmail(to, content), deliveryKey });
    };
  }
}

/**
 * Provides TicketConfirmationMailer to the tickets module, which cannot import NotificationsModule
 * (notifications reads tickets). Global, and imported once by AppModule; the mailer (and its SMTP
 * connections) is NotificationsModule's own.
 */
@Global()
@Module({
  imports: [NotificationsModule],
  providers: [{ provide: TicketConfirmationMailer, useClass: SmtpTicketConfirmationMailer }],
  exports: [TicketConfirmationMailer],
})
export class TicketConfirmationMailModule {}
