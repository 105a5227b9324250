import type { FilterQuery } from '@mikro-orm/core';
import { EntityRepository } from '@mikro-orm/postgresql';
import type { Upload } from './upload.entity.js';

/** The uploads' queries (`em.getRepository(Upload)`), scoped by the tenant filter. */
export class UploadRepository extends EntityRepository<Upload> {
  byObjectPath(objectPath: string): Promise<Upload | null> {
    return this.findOne({ objectPath });
  }

  /** At most `limit` uploads matching `where` (only their id and path). */
  idsAndPaths(where: FilterQuery<Upload>, limit: number): Promise<Pick<Upload, 'id' | 'objectPath'>[]> {
    return this.find(where, { fields: ['id', 'objectPath'], limit });
  }
}
