import { EntityRepository } from '@mikro-orm/postgresql';
import type { WarrantySettings } from './warranty-settings.entity.js';

/** The warranty settings' query; scoped to the organization by the tenant filter. */
export class WarrantySettingsRepository extends EntityRepository<WarrantySettings> {
  /** The organization's row, or null while it keeps the defaults. */
  ofOrganization(organizationId: string): Promise<WarrantySettings | null> {
    return this.findOne({ organization: organizationId });
  }
}
