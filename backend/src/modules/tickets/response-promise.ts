import type { Ticket } from './ticket.entity.js';

/** The "Ticket Created!" toast's promise (spec part 1 section 9). */
export const WARRANTY_RESPONSE_HOURS = 24;
export const TECHNICAL_SUPPORT_RESPONSE_HOURS = 48;

/**
 * The response time promised to the customer: 48 hours when they asked for technical support
 * only, 24 hours for a warranty issue (every other resolution, or none given).
 */
export function promisedResponseHours(ticket: Pick<Ticket, 'preferredResolution'>): number {
  return ticket.preferredResolution === 'Technical Support Only' ? TECHNICAL_SUPPORT_RESPONSE_HOURS : WARRANTY_RESPONSE_HOURS;
}
