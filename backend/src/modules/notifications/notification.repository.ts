import { type EntityManager, EntityRepository } from '@mikro-orm/postgresql';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';
import { rowMapper } from '../../database/row-mapper.js';
import type { Notification } from './notification.entity.js';

/** The notifications list's filters (absent: either). */
export interface NotificationFilters {
  isRead?: boolean;
  isFollowup?: boolean;
}

/**
 * The in-app notifications' queries (the entity's MikroORM repository:
 * `em.getRepository(Notification)`); the services keep the rules. Scoped to the organization (the
 * tenant filter, TenantSql).
 */
export class NotificationRepository extends EntityRepository<Notification> {
  /**
   * One page of a user's notifications (optionally only read or unread, followed up or not), in
   * `order` by creation then id, with their total: one prepared statement, the rows as plain objects
   * (the bell and the notifications page read it on every visit; the ORM's find and count were two
   * round trips, a query built and entities hydrated each time).
   */
  async page(userId: string, filters: NotificationFilters, order: 'asc' | 'desc', limit: number, offset: number): Promise<[Notification[], number]> {
    const { sql, params } = notificationPageStatement(userId, filters, order, limit, offset);
    const rows = await tenantSql(this.getEntityManager() as EntityManager).executePrepared<Record<string, unknown>>(sql, params);
    const toNotification = rowMapper(this.getEntityManager() as EntityManager, this.entityName);
    return [rows.filter((row) => row.id).map((row) => toNotification(row) as unknown as Notification), (rows[0]?.page_total as number | undefined) ?? 0];
  }

  /** The notification of this user of the organization. */
  ofUser(organizationId: string, userId: string, id: string): Promise<Notification | null> {
    return this.findOne({ id, user: userId, organization: organizationId });
  }

  /** A user's unread notifications. */
  async unreadOf(userId: string): Promise<number> {
    // Every open tab asks for it (the bell's badge), and again after each change: one prepared statement.
    const [row] = await tenantSql(this.getEntityManager() as EntityManager).executePrepared<{ n: number }>(
      'select count(*)::int as n from notifications where @tenant() and user_id = ?::uuid and is_read = false',
      [userId],
    );
    return row.n;
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

/**
 * The statement of one page of a user's notifications with their total (`@tenant` still to bind).
 * The limit is in the text and the first page has no offset: a generic plan for the screens' pages
 * (see listIdsQuery). The total's row comes even when the page is empty. Unfiltered, both the page
 * and its total are read from notifications_organization_user_created_index, in order.
 */
export function notificationPageStatement(userId: string, filters: NotificationFilters, order: 'asc' | 'desc', limit: number, offset: number): { sql: string; params: unknown[] } {
  const conditions = ['@tenant(n)', 'n.user_id = ?::uuid'];
  const params: unknown[] = [userId];
  if (filters.isRead !== undefined) {
    conditions.push('n.is_read = ?');
    params.push(filters.isRead);
  }
  if (filters.isFollowup !== undefined) {
    conditions.push('n.is_followup = ?');
    params.push(filters.isFollowup);
  }
  const where = conditions.join(' and ');
  return {
    sql: `select total.n as page_total, p.*
            from (select count(*)::int as n from notifications n where ${where}) total
            left join lateral (select n.* from notifications n where ${where}
                               order by n.created_at ${order}, n.id ${order} limit ${Math.trunc(limit)}${offset > 0 ? ' offset ?' : ''}) p on true
           order by p.created_at ${order}, p.id ${order}`,
    params: [...params, ...params, ...(offset > 0 ? [offset] : [])],
  };
}
