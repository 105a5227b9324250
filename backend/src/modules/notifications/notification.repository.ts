import type { FilterQuery } from '@mikro-orm/core';
import { type EntityManager, EntityRepository } from '@mikro-orm/postgresql';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';
import type { Notification } from './notification.entity.js';

/**
 * The in-app notifications' queries (the entity's MikroORM repository:
 * `em.getRepository(Notification)`); the services keep the rules. Scoped to the organization (the
 * tenant filter, TenantSql).
 */
export class NotificationRepository extends EntityRepository<Notification> {
  /** One page of the notifications matching `where`, in `order` by creation then id, with the total. */
  page(where: FilterQuery<Notification>, order: 'asc' | 'desc', limit: number, offset: number): Promise<[Notification[], number]> {
    return this.findAndCount(where, { orderBy: { createdAt: order, id: order }, limit, offset });
  }

  /** The notification of this user of the organization. */
  ofUser(organizationId: string, userId: string, id: string): Promise<Notification | null> {
    return this.findOne({ id, user: userId, organization: organizationId });
  }

  /** A user's unread notifications. */
  unreadOf(userId: string): Promise<number> {
    return this.count({ user: userId, isRead: false });
  }

  /** Marks every unread notification of this user read; answers how many changed. */
  markAllReadOf(userId: string): Promise<number> {
    return this.nativeUpdate({ user: userId, isRead: false }, { isRead: true });
  }

  /** Unread notifications per user, for these users (those with none are absent). */
  async unreadCounts(userIds: string[]): Promise<Map<string, number>> {
    const counts = await tenantSql(this.getEntityManager() as EntityManager).execute<{ user_id: string; n: number }[]>(
      'select user_id, count(*)::int as n from notifications where @tenant() and is_read = false and user_id = any(?::uuid[]) group by user_id',
      [`{${userIds.join(',')}}`],
    );
    return new Map(counts.map((c) => [c.user_id, c.n]));
  }
}
