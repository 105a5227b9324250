import type { FilterQuery, QueryOrderMap } from '@mikro-orm/core';
import { EntityRepository, sql } from '@mikro-orm/postgresql';
import type { User } from './user.entity.js';

/** The users' queries (`em.getRepository(User)`), scoped to the organization by the tenant filter. */
export class UserRepository extends EntityRepository<User> {
  byId(id: string): Promise<User | null> {
    return this.findOne({ id });
  }

  /** A page of the organization's users and their total. */
  page(where: FilterQuery<User>, orderBy: QueryOrderMap<User>[], offset: number, limit: number): Promise<[User[], number]> {
    return this.findAndCount(where, { orderBy, offset, limit });
  }

  /** The user of a username in any letter case, in any organization (signing in and registering, before a tenant). */
  byUsernameInAnyOrganization(username: string): Promise<User | null> {
    return this.findOne({ [sql`lower(username)`]: username.toLowerCase() }, { filters: false });
  }

  /** The organization's users but one (the actor of an event, when given), with where their notifications go, by id. */
  recipients(organizationId: string, except: string[] = [], only?: string[]): Promise<Pick<User, 'id' | 'notificationEmail' | 'notificationPhone'>[]> {
    const id = { ...(except.length ? { $nin: except } : {}), ...(only ? { $in: only } : {}) };
    return this.find(
      { organization: organizationId, ...(Object.keys(id).length ? { id } : {}) },
      { fields: ['id', 'notificationEmail', 'notificationPhone'], orderBy: { id: 'asc' } },
    );
  }

  /** A session's user, by id and organization, on a public route (GET /api/session: no tenant filter yet). */
  ofSession(organizationId: string, id: string): Promise<User | null> {
    return this.findOne({ id, organization: organizationId }, { filters: false });
  }

  /** The organization's user of this id (null for another organization's). */
  ofOrganization(organizationId: string, id: string): Promise<User | null> {
    return this.findOne({ id, organization: organizationId });
  }

  /** Only the ids of the users among `ids` that exist (of the organization when given, else of the tenant). */
  idsAmong(ids: string[], organizationId?: string) {
    return this.find(organizationId ? { id: { $in: ids }, organization: organizationId } : { id: { $in: ids } }, { fields: ['id'] });
  }

  /** Only the names (first, last, username) of the users among `ids`. */
  namesAmong(ids: string[]) {
    return this.find({ id: { $in: ids } }, { fields: ['id', 'firstName', 'lastName', 'username'] });
  }

  /** Only the names (first, last, username) of the organization's users. */
  namesOf(organizationId: string) {
    return this.find({ organization: organizationId }, { fields: ['id', 'firstName', 'lastName', 'username'] });
  }

  /** Only the user's profile phone. */
  phoneOf(id: string): Promise<Pick<User, 'id' | 'phone'> | null> {
    return this.findOne({ id }, { fields: ['phone'] });
  }
}
