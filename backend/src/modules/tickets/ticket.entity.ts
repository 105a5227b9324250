import { SEARCH_EXPRESSIONS, SEARCH_INDEXES, TICKET_NUMBER_PREFIX_INDEX } from '../search/search-indexes.js';
import { randomUUID } from 'node:crypto';
import { EntityRepositoryType, type Opt, type Rel } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantScoped } from '../../common/tenancy/tenant-filter.js';
import { Customer } from '../customers/customer.entity.js';
import { Organization } from '../organizations/organization.entity.js';
import { User } from '../users/user.entity.js';
import { TICKETS_TRIGGERS } from './ticket-triggers.js';
import { ASSIGNEE_TOTALS_TRIGGERS } from './assignment/assignee-totals.js';
import { TICKET_ASSIGNEE_INDEX, TICKET_LIST_INDEXES } from './ticket-indexes.js';
import { SLA_INDEXES } from './sla/sla-indexes.js';
import { listCacheTriggers } from '../../database/list-cache-triggers.js';
import { TicketRepository } from './ticket.repository.js';

// The one set of statuses and priorities, the admin's too.
export { TICKET_PRIORITIES, TICKET_STATUSES, type TicketPriority, type TicketStatus } from '@warranty-crm/contract';
/** How a ticket arrived: the create form (or the API), an agent's Create Ticket on a call, the AI voice agent. */
export const TICKET_SOURCES = ['form', 'phone_call', 'ai_agent', 'email', 'sms'] as const;
export type TicketSource = (typeof TICKET_SOURCES)[number];
/** The customer's confirmation e-mail (null when the ticket has no customer e-mail). */
export const CONFIRMATION_STATUSES = ['pending', 'sent', 'not_sent_no_smtp', 'failed'] as const;
export type ConfirmationStatus = (typeof CONFIRMATION_STATUSES)[number];

/** A duplicate claim shares one of these with an earlier ticket (an empty value matches nothing: it is compared as null). */
export const DUPLICATE_KEYS = {
  order: SEARCH_EXPRESSIONS.ticketOrderKey,
  serial: SEARCH_EXPRESSIONS.ticketSerialKey,
} as const;
export const DUPLICATE_INDEXES = {
  order: { name: 'tickets_organization_order_key_index', create: `create index "tickets_organization_order_key_index" on "tickets" ("organization_id", (${DUPLICATE_KEYS.order}));` },
  serial: { name: 'tickets_organization_serial_key_index', create: `create index "tickets_organization_serial_key_index" on "tickets" ("organization_id", (${DUPLICATE_KEYS.serial}));` },
} as const;

@Entity({
  tableName: 'tickets',
  repository: () => TicketRepository,
  // Keep the rollups current (rollups/rollup-triggers.ts, created by Migration20261123100000TicketRollups),
  // the assignee counts (assignment/assignee-totals.ts, created by Migration20261130310000AssigneeTotals)
  // and drop the list's cached pages (ticket-list-cache.ts).
  triggers: [
    ...[...TICKETS_TRIGGERS, ...ASSIGNEE_TOTALS_TRIGGERS].map((t) => ({ name: t.name, timing: 'after' as const, events: [...t.events], forEach: 'statement' as const, expression: t.expression })),
    ...listCacheTriggers('tickets', ['insert', 'update', 'delete']),
  ],
})
@TenantScoped()
@Unique({ name: 'tickets_organization_number_unique', properties: ['organization', 'ticketNumber'] })
// The list's indexes (every filter × sort of the screen in index order) and the covering one the
// rollups' partial-day reads use; defined in Migration20261123100000TicketRollups.
@Index({ name: 'tickets_org_created_index', expression: TICKET_LIST_INDEXES[0] })
@Index({ name: 'tickets_org_status_created_index', expression: TICKET_LIST_INDEXES[1] })
@Index({ name: 'tickets_org_brand_created_index', expression: TICKET_LIST_INDEXES[2] })
@Index({ name: 'tickets_org_priority_created_index', expression: TICKET_LIST_INDEXES[3] })
@Index({ name: 'tickets_org_status_brand_created_index', expression: TICKET_LIST_INDEXES[4] })
@Index({ name: 'tickets_org_brand_status_created_index', expression: TICKET_LIST_INDEXES[5] })
@Index({ name: 'tickets_org_status_priority_created_index', expression: TICKET_LIST_INDEXES[6] })
@Index({ name: 'tickets_org_priority_status_created_index', expression: TICKET_LIST_INDEXES[7] })
@Index({ name: 'tickets_org_brand_priority_created_index', expression: TICKET_LIST_INDEXES[8] })
@Index({ name: 'tickets_org_priority_brand_created_index', expression: TICKET_LIST_INDEXES[9] })
@Index({ name: TICKET_ASSIGNEE_INDEX.name, expression: TICKET_ASSIGNEE_INDEX.create })
@Index({ name: SEARCH_INDEXES.ticketIdentifiers.name, expression: SEARCH_INDEXES.ticketIdentifiers.create })
@Index({ name: SEARCH_INDEXES.ticketDescription.name, expression: SEARCH_INDEXES.ticketDescription.create })
@Index({ name: TICKET_NUMBER_PREFIX_INDEX.name, expression: TICKET_NUMBER_PREFIX_INDEX.create })
@Index({ name: DUPLICATE_INDEXES.order.name, expression: DUPLICATE_INDEXES.order.create })
@Index({ name: DUPLICATE_INDEXES.serial.name, expression: DUPLICATE_INDEXES.serial.create })
@Index({ name: SLA_INDEXES.unansweredDue.name, expression: SLA_INDEXES.unansweredDue.create })
@Index({ name: SLA_INDEXES.unansweredCreated.name, expression: SLA_INDEXES.unansweredCreated.create })
@Index({ name: SLA_INDEXES.overduePending.name, expression: SLA_INDEXES.overduePending.create })
// The few merged tickets, so deleting a ticket finds the ones merged into it without a scan.
@Index({ name: 'tickets_merged_into_index', expression: 'create index "tickets_merged_into_index" on "tickets" ("merged_into_id") where "merged_into_id" is not null;' })
export class Ticket {
  [EntityRepositoryType]?: TicketRepository;

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  // Computed by the insert from the organization's sequence (nextTicketNumberInInsert) and returned by it.
  @Property({ type: 'string', length: 50, returning: true })
  ticketNumber!: string;

  @ManyToOne({ entity: () => Organization, deleteRule: 'cascade' })
  organization!: Rel<Organization>;

  @ManyToOne({ entity: () => Customer, deleteRule: 'restrict', index: true })
  customer!: Rel<Customer>;

  /** Who works the ticket: a user of the organization, or none (set null when the user is removed). */
  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  assignee?: Rel<User> | null;

  @Property({ type: 'string', length: 50, nullable: true })
  productBrand?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  productModel?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  productSku?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  serialNumber?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  orderNumber?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  purchaseLocation?: string | null;

  @Property({ type: 'date', nullable: true })
  purchaseDate?: string | null;

  @Property({ type: 'string', length: 100, nullable: true })
  issueCategory?: string | null;

  @Property({ type: 'text' })
  issueDescription!: string;

  @Property({ type: 'string', length: 100, nullable: true })
  issueStartTime?: string | null;

  @Property({ type: 'boolean', default: false })
  troubleshootingAttempted: Opt<boolean> = false;

  @Property({ type: 'text', nullable: true })
  troubleshootingSteps?: string | null;

  @Property({ type: 'string', length: 100, nullable: true })
  preferredResolution?: string | null;

  @Property({ type: 'string', length: 50, nullable: true })
  contactMethod?: string | null;

  @Property({ type: 'string', length: 50, default: 'Open' })
  status: Opt<string> = 'Open';

  @Property({ type: 'string', length: 50, default: 'Medium' })
  priority: Opt<string> = 'Medium';

  @Property({ type: 'boolean', default: false })
  injuryReported: Opt<boolean> = false;

  @Property({ type: 'boolean', default: false })
  propertyDamage: Opt<boolean> = false;

  @Property({ type: 'boolean', default: false })
  purchaseVerified: Opt<boolean> = false;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();

  /** First change away from Open (from the status history; kept by a database trigger, never written here). */
  @Property({ type: 'datetime', nullable: true })
  firstResponseAt?: Date | null;

  /** First change to Closed or Resolved (kept by a database trigger, never written here). */
  @Property({ type: 'datetime', nullable: true })
  resolvedAt?: Date | null;

  /** How it arrived; null for tickets made before the source was kept. Who made it is the first history row's changed_by. */
  @Property({ type: 'string', length: 20, nullable: true })
  source?: TicketSource | null;

  /**
   * The customer's confirmation e-mail: pending until the queue sends it, finds no SMTP configured,
   * or gives up after its last attempt; null when the ticket was created without a customer e-mail.
   */
  @Property({ type: 'string', length: 20, nullable: true })
  confirmationStatus?: ConfirmationStatus | null;

  /** Where the confirmation goes: the customer e-mail the ticket was created with. */
  @Property({ type: 'string', length: 255, nullable: true })
  confirmationEmail?: string | null;

  @Property({ type: 'datetime', nullable: true })
  confirmationSentAt?: Date | null;

  /** The SMTP server's answer to the latest failed attempt. */
  @Property({ type: 'text', nullable: true })
  confirmationError?: string | null;

  /** When a response is promised by: creation + the organization's hours for the ticket's kind (set once, at creation). */
  @Property({ type: 'datetime', nullable: true })
  respondBy?: Date | null;

  /** An agent's first response: a status change, a note, or a returned linked call (set once). */
  @Property({ type: 'datetime', nullable: true })
  respondedAt?: Date | null;

  /** When the ticket_overdue notification was raised (the scheduled scan sets it once, with the event). */
  @Property({ type: 'datetime', nullable: true })
  overdueNotifiedAt?: Date | null;

  /** When a retention policy anonymised this closed ticket (issue 35); null for the others. */
  @Property({ type: 'datetime', nullable: true })
  anonymizedAt?: Date | null;

  /** Set when this ticket was merged into another as a duplicate claim (then it is Closed). */
  @ManyToOne({ entity: () => Ticket, nullable: true, deleteRule: 'set null' })
  mergedInto?: Rel<Ticket> | null;
}
