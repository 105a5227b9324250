import type { EntityManager } from '@mikro-orm/postgresql';

/** A customer's tickets at a glance (the list's columns). */
export interface CustomerSummary {
  ticketsCount: number;
  lastTicketId: string | null;
  lastTicketNumber: string | null;
  lastTicketAt: Date | null;
}

/** A ticket of the customer with the warranty rule's verdict (wire names: the show page reads them as they are). */
export interface CustomerTicketRow {
  id: string;
  ticket_number: string;
  status: string;
  priority: string;
  product_brand: string | null;
  product_model: string | null;
  product_sku: string | null;
  purchase_date: string | null;
  created_at: Date;
  under_warranty: boolean | null;
  warranty_days_left: number | null;
  merged_into_id: string | null;
}

export interface CustomerCallRow {
  id: string;
  call_type: string;
  from_phone: string | null;
  to_phone: string | null;
  caller_name: string | null;
  recording_duration: number | null;
  ticket_id: string | null;
  ticket_number: string | null;
  created_at: Date;
}

/** A message of one of the customer's tickets' conversations (an excerpt of its text). */
export interface CustomerMessageRow {
  id: string;
  channel: string;
  direction: string;
  status: string;
  subject: string | null;
  excerpt: string;
  author_name: string | null;
  ticket_id: string;
  ticket_number: string;
  created_at: Date;
}

/** A file of one of the customer's tickets (the claim's evidence). */
export interface CustomerAttachmentRow {
  id: string;
  filename: string;
  content_type: string;
  size: number;
  tag: string;
  ticket_id: string;
  ticket_number: string;
  content_url: string;
  created_at: Date;
}

export interface CustomerHistoryCounts {
  tickets: number;
  openTickets: number;
  calls: number;
  messages: number;
  attachments: number;
}

export interface CustomerHistoryPage {
  tickets: CustomerTicketRow[];
  calls: CustomerCallRow[];
  messages: CustomerMessageRow[];
  attachments: CustomerAttachmentRow[];
  counts: CustomerHistoryCounts;
}

/**
 * What the customers' pages show of the records that name a customer (tickets, calls, their
 * messages). The customers module declares it; the tickets module, which reads customers and
 * owns the warranty rule's product terms, provides it (customers cannot import tickets: tickets
 * import customers).
 */
export abstract class CustomerHistory {
  /** Per customer id: ticket count and the newest ticket, in one statement. */
  abstract summaries(em: EntityManager, customerIds: string[]): Promise<Map<string, CustomerSummary>>;

  /** The customer's tickets, calls, messages and attachments (each newest first, at most `limit`) and their counts. */
  abstract of(em: EntityManager, customerId: string, limit: number): Promise<CustomerHistoryPage>;
}
