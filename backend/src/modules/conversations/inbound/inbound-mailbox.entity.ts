import { randomUUID } from 'node:crypto';
import { EntityRepositoryType, type Opt, type Rel } from '@mikro-orm/core';
import { Entity, Index, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScoped } from '../../../common/tenancy/tenant-filter.js';
import { Organization } from '../../organizations/organization.entity.js';
import { InboundMailboxRepository } from './inbound-mailbox.repository.js';

/**
 * Where an organization receives e-mail: its inbound address (the support mailbox that forwards
 * to us, or the address an MX points here; kept in lower case, unique across organizations),
 * and the signing key of the inbound-mail webhook, sealed (common/crypto) and write-only.
 */
@Entity({ tableName: 'inbound_mailboxes', repository: () => InboundMailboxRepository })
@TenantScoped()
@Index({ name: 'inbound_mailboxes_address_unique', expression: 'create unique index "inbound_mailboxes_address_unique" on "inbound_mailboxes" ("address") where "address" is not null' })
export class InboundMailbox {
  [EntityRepositoryType]?: InboundMailboxRepository;

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @OneToOne({ entity: () => Organization, owner: true, deleteRule: 'cascade', unique: true })
  organization!: Rel<Organization>;

  @Property({ type: 'string', length: 320, nullable: true })
  address?: string | null;

  /** Sealed. */
  @Property({ type: 'text', nullable: true })
  signingKey?: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
