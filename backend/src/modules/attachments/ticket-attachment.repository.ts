import { EntityRepository } from '@mikro-orm/postgresql';
import type { TicketAttachment } from './ticket-attachment.entity.js';

/** A ticket's evidence; scoped to the organization by the tenant filter. */
export class TicketAttachmentRepository extends EntityRepository<TicketAttachment> {
  /** A ticket's files, oldest first, with who uploaded each. */
  ofTicket(ticketId: string): Promise<TicketAttachment[]> {
    return this.find({ ticket: ticketId }, { orderBy: { createdAt: 'asc', id: 'asc' }, populate: ['uploadedBy'] });
  }

  /** One file of one ticket (another ticket's or organization's is none). */
  oneOfTicket(ticketId: string, attachmentId: string): Promise<TicketAttachment | null> {
    return this.findOne({ id: attachmentId, ticket: ticketId }, { populate: ['uploadedBy'] });
  }
}
