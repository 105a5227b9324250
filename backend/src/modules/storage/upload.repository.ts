import type { FilterQuery } from '@mikro-orm/core';
import { EntityRepository } from '@mikro-orm/postgresql';
import { TENANT_FILTER } from '../../common/tenancy/tenant-filter.js';
import type { Upload } from './upload.entity.js';

/** The uploads' queries (`em.getRepository(Upload)`), scoped by the tenant filter. */
export class UploadRepository extends EntityRepository<Upload> {
  byObjectPath(objectPath: string): Promise<Upload | null> {
    return this.findOne({ objectPath });
  }

  /**
   * The organization's upload at this path for `purpose` not claimed yet, or null (the tenant filter
   * set to the organization, whatever em's tenant is).
   */
  unclaimed(organizationId: string, objectPath: string, purpose: Upload['purpose']): Promise<Upload | null> {
    return this.findOne({ organization: organizationId, objectPath, purpose, claimedAt: null }, { filters: { [TENANT_FILTER]: { organizationId } } });
  }

  /** At most `limit` uploads matching `where` (only their id and path). */
  idsAndPaths(where: FilterQuery<Upload>, limit: number): Promise<Pick<Upload, 'id' | 'objectPath'>[]> {
    return this.find(where, { fields: ['id', 'objectPath'], limit });
  }
}
