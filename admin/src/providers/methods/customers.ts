import { apiSend } from '../httpClient';
import type { CustomerMergeResult, TicketMergeResult } from '../types';

/** Merges (issue 30): a customer into another, a duplicate claim into the ticket it duplicates. */
export const customerMethods = {
  /** POST /api/customers/{id}/merge: `fromId`'s tickets and calls move to `keepId`, then it is deleted. */
  mergeCustomers: (keepId: string, fromId: string) =>
    apiSend<CustomerMergeResult>('POST', `/customers/${encodeURIComponent(keepId)}/merge`, { from_customer_id: fromId }),
  /** POST /api/customers/{id}/erase (admins): `confirm` is the customer's name, typed. */
  eraseCustomer: (id: string, confirm: string) => apiSend<void>('POST', `/customers/${encodeURIComponent(id)}/erase`, { confirm }),
  /** POST /api/tickets/{id}/merge: the ticket is closed as a duplicate of `intoId`, its records move there. */
  mergeTicket: (id: string, intoId: string) => apiSend<TicketMergeResult>('POST', `/tickets/${encodeURIComponent(id)}/merge`, { into_ticket_id: intoId }),
};
