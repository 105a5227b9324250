import { EntityRepository } from '@mikro-orm/postgresql';
import type { DataExport } from './data-export.entity.js';

/** Exports' queries; scoped to the organization by the tenant filter. */
export class DataExportRepository extends EntityRepository<DataExport> {
  /** A user's latest exports, newest first. */
  recentOf(userId: string, limit = 20): Promise<DataExport[]> {
    return this.find({ requestedBy: userId }, { orderBy: { createdAt: 'desc' }, limit });
  }
}
