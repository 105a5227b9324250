import { DEFAULT_RESPONSE_HOURS, responseKind } from '@warranty-crm/contract';
import type { Ticket } from './ticket.entity.js';

const HOUR_MS = 3_600_000;

/**
 * The response time promised on a ticket, in hours: its respond_by, set at creation from the
 * organization's hours for its kind (responseKind() of the contract: 24 h for a warranty issue,
 * 48 h for technical support by default). A ticket without one (made before the promises were
 * kept) gets the default of its kind.
 */
export function promisedResponseHours(
  ticket: Pick<Ticket, 'preferredResolution' | 'issueCategory' | 'createdAt' | 'respondBy'>,
): number {
  if (ticket.respondBy) return Math.round((ticket.respondBy.getTime() - ticket.createdAt.getTime()) / HOUR_MS);
  return DEFAULT_RESPONSE_HOURS[responseKind(ticket.preferredResolution, ticket.issueCategory)];
}
