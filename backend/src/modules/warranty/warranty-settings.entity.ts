import { EntityRepositoryType, type Opt, type Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { WarrantySettingsRepository } from './warranty-settings.repository.js';
import { TenantScoped } from '../../common/tenancy/tenant-filter.js';
import { Organization } from '../organizations/organization.entity.js';

/** An organization's denial reasons and its approval / denial templates (null: the default template). */
@Entity({ tableName: 'warranty_settings', repository: () => WarrantySettingsRepository })
@TenantScoped()
export class WarrantySettings {
  [EntityRepositoryType]?: WarrantySettingsRepository;

  @ManyToOne({ entity: () => Organization, primary: true, deleteRule: 'cascade' })
  organization!: Rel<Organization>;

  /** null: the contract's DEFAULT_DENIAL_REASONS. */
  @Property({ type: 'text[]', nullable: true })
  denialReasons?: string[] | null;

  @Property({ type: 'text', nullable: true })
  approvalTemplate?: string | null;

  @Property({ type: 'text', nullable: true })
  denialTemplate?: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
