import { EntityRepository } from '@mikro-orm/postgresql';
import type { CannedReply } from './canned-reply.entity.js';

/** The organization's canned replies (the tenant filter scopes every read). */
export class CannedReplyRepository extends EntityRepository<CannedReply> {
  /** All of them by name, for the Settings section and the reply box's picker. */
  byName(): Promise<CannedReply[]> {
    return this.findAll({ orderBy: { name: 'asc', id: 'asc' } });
  }

  /** The organization's reply of this id (null for another organization's). */
  ofOrganization(organizationId: string, id: string): Promise<CannedReply | null> {
    return this.findOne({ id, organization: organizationId });
  }

  /** Another reply of the organization with this name (names are unique per organization). */
  named(name: string, exceptId?: string): Promise<CannedReply | null> {
    return this.findOne({ name, ...(exceptId ? { id: { $ne: exceptId } } : {}) });
  }
}
