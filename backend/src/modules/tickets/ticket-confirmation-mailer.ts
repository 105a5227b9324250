import type { EntityManager } from '@mikro-orm/postgresql';

/** What a new ticket's confirmation e-mail tells its customer. */
export interface TicketConfirmationMail {
  to: string;
  customerName: string;
  ticketNumber: string;
  /** Brand, model and SKU as the ticket has them ("" when none). */
  product: string;
  issueCategory: string | null;
  issueDescription: string;
  responseHours: number;
  /** Fixed per ticket, so a resend after a crash is the same message (one Message-ID). */
  deliveryKey: string;
}

/**
 * Sends a new ticket's confirmation e-mail through the organization's SMTP. The tickets module keeps
 * the confirmation's state on its rows (TicketConfirmationListener); the mail side (notifications)
 * provides this, so tickets needs none of its code.
 */
export abstract class TicketConfirmationMailer {
  /**
   * The organization's sender, read on the caller's `em`; null when it has no SMTP to send with.
   * The sender throws when the server does not accept the message.
   */
  abstract senderFor(em: EntityManager, organizationId: string): Promise<((mail: TicketConfirmationMail) => Promise<void>) | null>;
}
