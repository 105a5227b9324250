/**
 * Entities that another module's entity names in a relation where importing the owning module would
 * close a module cycle: a call log (call-logs) names its ticket and its brand number, while tickets
 * and phone-numbers both read call logs. MikroORM 7 takes an entity class for a relation (no longer
 * a name), so the class comes through here; `boundaries.spec.ts` lets only `*.entity.ts` files import
 * this file, for their relations: services reach the owner's rules through its service or an
 * abstract class it provides (call-logs/call-tickets.ts).
 */
export { BrandPhoneNumber } from '../modules/phone-numbers/brand-phone-number.entity.js';
export { Ticket } from '../modules/tickets/ticket.entity.js';
