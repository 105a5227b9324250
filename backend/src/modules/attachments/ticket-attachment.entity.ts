import { randomUUID } from 'node:crypto';
import { EntityRepositoryType, type Opt, type Rel } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { AttachmentSource, AttachmentTag } from '@warranty-crm/contract';
import { TenantScoped } from '../../common/tenancy/tenant-filter.js';
import { Organization } from '../organizations/organization.entity.js';
import { Ticket } from '../tickets/ticket.entity.js';
import { User } from '../users/user.entity.js';
import { TicketAttachmentRepository } from './ticket-attachment.repository.js';

/**
 * A file of a ticket's evidence (a receipt, a photo of the damage or of the serial plate, a short
 * video): its bytes live on storage at `object_path` (an upload claimed by the attachment), its
 * type is the one its bytes were detected as, and an image gets a thumbnail made by a job.
 */
/**
 * Rows that go without the app's removal (their ticket or its organization deleted) give their
 * uploads back: unclaimed, the storage clean-up deletes the bytes (function in Migration20261130600000TicketAttachments).
 */
export const ATTACHMENT_TRIGGERS = [
  {
    name: 'ticket_attachments_release_uploads',
    expression: `create trigger "ticket_attachments_release_uploads" after delete on "ticket_attachments" referencing old table as old_rows for each statement execute function "ticket_attachments_release_uploads"()`,
  },
] as const;

@Entity({
  tableName: 'ticket_attachments',
  repository: () => TicketAttachmentRepository,
  triggers: ATTACHMENT_TRIGGERS.map((t) => ({ name: t.name, timing: 'after' as const, events: ['delete' as const], forEach: 'statement' as const, expression: t.expression })),
})
@TenantScoped()
@Index({ name: 'ticket_attachments_ticket_created_index', properties: ['ticket', 'createdAt'] })
@Check({ name: 'ticket_attachments_tag_check', expression: `"tag" in ('receipt', 'damage', 'serial_plate', 'other')` })
@Check({ name: 'ticket_attachments_source_check', expression: `"source" in ('upload', 'email')` })
export class TicketAttachment {
  [EntityRepositoryType]?: TicketAttachmentRepository;

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Organization, deleteRule: 'cascade', index: true })
  organization!: Rel<Organization>;

  @ManyToOne({ entity: () => Ticket, deleteRule: 'cascade' })
  ticket!: Rel<Ticket>;

  /** `/objects/uploads/<organization id>/<uuid>-<safe name>` (the storage key drops `/objects/`). */
  @Property({ type: 'text', unique: true })
  objectPath!: string;

  /** The name the file had on the user's device or in the e-mail. */
  @Property({ type: 'string', length: 255 })
  fileName!: string;

  /** Detected from the bytes, never taken from the name. */
  @Property({ type: 'string', length: 100 })
  contentType!: string;

  @Property({ type: 'integer' })
  size!: number;

  @Property({ type: 'string', length: 20 })
  tag!: AttachmentTag;

  /** The image's 320 px wide WebP thumbnail, once the job made it; null for other files and images it cannot decode. */
  @Property({ type: 'text', nullable: true })
  thumbnailPath?: string | null;

  /** Who uploaded it; null for an e-mail's attachment or a removed user. */
  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  uploadedBy?: Rel<User> | null;

  @Property({ type: 'string', length: 10 })
  source!: AttachmentSource;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();
}
