import { randomUUID } from 'node:crypto';
import type { Opt, Rel } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScoped } from '../../common/tenancy/tenant-filter.js';
import { Organization } from '../organizations/organization.entity.js';
import { User } from '../users/user.entity.js';
import { Ticket } from './ticket.entity.js';

/** What happened, for what no other record keeps: status changes, calls and the creation have their own rows. */
export const RECORDED_ACTIVITY_KINDS = [
  'note',
  'description_edited',
  'priority_changed',
  'purchase_verification',
  'confirmation_email',
  'attachment_added',
  'attachment_removed',
  // A duplicate claim merged (issue 30): on the merged ticket (detail: ticket_id, ticket_number of the target) and on the target (of the merged one).
  'merged_into',
  'merged_from',
  // An assignment (issue 29).
  'assigned',
  // Warranty resolution (issue 31): a decision (decision, reason, notified), a resolution created (rma, type) or changed (rma, state, what).
  'warranty_decision',
  'resolution_created',
  'resolution_changed',
] as const;
export type RecordedActivityKind = (typeof RECORDED_ACTIVITY_KINDS)[number];

/**
 * One event of a ticket's activity trail that no other table records: a note (its text), a
 * description edit, a priority change (from, to), purchase verification on or off (verified), the
 * confirmation e-mail's outcome (status, email, error), an attachment added or removed (filename, tag,
 * source), a merge, an assignment (from, to: user ids; from_name, to_name: their names then; actor
 * null for the automatic assignment). Written in the transaction of the change.
 */
@Entity({ tableName: 'ticket_activities' })
@TenantScoped()
@Index({ name: 'ticket_activities_ticket_created_index', properties: ['ticket', 'createdAt'] })
export class TicketActivity {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Organization, deleteRule: 'cascade', index: true })
  organization!: Rel<Organization>;

  @ManyToOne({ entity: () => Ticket, deleteRule: 'cascade' })
  ticket!: Rel<Ticket>;

  @Property({ type: 'string', length: 30 })
  kind!: RecordedActivityKind;

  /** The user who did it; null for the system (the confirmation e-mail) or a removed user. */
  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  actor?: Rel<User> | null;

  @Property({ type: 'json' })
  detail: Opt<Record<string, string | boolean | null>> = {};

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();
}

