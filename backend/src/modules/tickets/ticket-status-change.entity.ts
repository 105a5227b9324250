import { randomUUID } from 'node:crypto';
import type { Opt, Rel } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScoped } from '../../common/tenancy/tenant-filter.js';
import { Organization } from '../organizations/organization.entity.js';
import { STATUS_CHANGES_TRIGGERS } from './ticket-triggers.js';
import { User } from '../users/user.entity.js';
import { Ticket } from './ticket.entity.js';

/** One status transition of a ticket; response-time analytics are measured from these rows. */
@Entity({
  tableName: 'ticket_status_changes',
  // Keep the rollups current (rollups/rollup-triggers.ts, created by Migration20261123100000TicketRollups).
  triggers: STATUS_CHANGES_TRIGGERS.map((t) => ({ name: t.name, timing: 'after' as const, events: [...t.events], forEach: 'statement' as const, expression: t.expression })),
})
@TenantScoped()
@Index({ name: 'ticket_status_changes_ticket_created_index', properties: ['ticket', 'createdAt'] })
@Index({
  name: 'ticket_status_changes_organization_created_index',
  expression: `create index "ticket_status_changes_organization_created_index" on "ticket_status_changes" ("organization_id", "created_at") include ("from_status", "to_status")`,
})
@Index({
  name: 'ticket_status_changes_closures_index',
  expression: `create index "ticket_status_changes_closures_index" on "ticket_status_changes" ("organization_id", "created_at") include ("ticket_id") where "to_status" in ('Closed', 'Resolved')`,
})
export class TicketStatusChange {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Organization, deleteRule: 'cascade', index: true })
  organization!: Rel<Organization>;

  @ManyToOne({ entity: () => Ticket, deleteRule: 'cascade' })
  ticket!: Rel<Ticket>;

  @Property({ type: 'string', length: 50, nullable: true })
  fromStatus?: string | null;

  @Property({ type: 'string', length: 50 })
  toStatus!: string;

  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  changedBy?: Rel<User> | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();
}
