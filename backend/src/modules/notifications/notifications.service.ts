import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { parseListQuery } from '../../common/http/list-query.js';
import { LiveHub } from '../../common/live/live-hub.js';
import { NOTIFICATION_LIST_LIMIT, type NotificationQueryDto } from './dto/notification.dto.js';
import { Notification } from './notification.entity.js';
import { NOTIFICATION_NOT_FOUND, NotificationNotFoundError } from './notifications.errors.js';

const SORTABLE = ['created_at'] as const;
export { NOTIFICATION_NOT_FOUND };

export interface NotificationPage {
  notifications: Notification[];
  total: number;
  offset: number;
}

/** The signed-in user's own notifications: list, counts, read, followup, delete. */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly em: EntityManager,
    private readonly live: LiveHub,
  ) {}

  async list(actor: Actor, query: NotificationQueryDto): Promise<NotificationPage> {
    const page = parseListQuery(query, {
      sortable: SORTABLE,
      defaultSort: { field: 'created_at', order: 'DESC' },
      defaultLimit: query.limit ?? NOTIFICATION_LIST_LIMIT,
      maxLimit: NOTIFICATION_LIST_LIMIT,
    });
    const filters = {
      isRead: query.is_read ?? booleanFilter(page.filter.is_read),
      isFollowup: query.is_followup ?? booleanFilter(page.filter.is_followup),
    };
    const order = page.sort.order === 'ASC' ? 'asc' : 'desc';
    const [notifications, total] = await this.em.getRepository(Notification).page(actor.id, filters, order, page.limit, page.offset);
    return { notifications, total, offset: page.offset };
  }

  unreadCount(actor: Actor): Promise<number> {
    return this.em.getRepository(Notification).unreadOf(actor.id);
  }

  async markRead(actor: Actor, id: string): Promise<Notification> {
    const n = await this.own(actor, id);
    if (n.isRead) return n;
    n.isRead = true;
    await this.em.flush();
    await this.publishUnreadCount(actor);
    return n;
  }

  /** Marks all of the user's notifications read; their open tabs' bells go to 0 (unread_count). */
  async markAllRead(actor: Actor): Promise<{ updated: number; count: number }> {
    const updated = await this.em.getRepository(Notification).markAllReadOf(actor.id);
    const count = await this.publishUnreadCount(actor);
    return { updated, count };
  }

  async toggleFollowup(actor: Actor, id: string): Promise<Notification> {
    const n = await this.own(actor, id);
    n.isFollowup = !n.isFollowup;
    await this.em.flush();
    return n;
  }

  async remove(actor: Actor, id: string): Promise<void> {
    const n = await this.own(actor, id);
    await this.em.remove(n).flush();
    await this.publishUnreadCount(actor);
  }

  /** Another user's or organization's notification answers 404, like a missing one. */
  private async own(actor: Actor, id: string): Promise<Notification> {
    const n = await this.em.getRepository(Notification).ofUser(actor.organizationId, actor.id, id);
    if (!n) throw new NotificationNotFoundError();
    return n;
  }

  /** The user's other tabs refresh their bell. */
  private async publishUnreadCount(actor: Actor): Promise<number> {
    const count = await this.unreadCount(actor);
    await this.live.publish(this.em, { organizationId: actor.organizationId, userId: actor.id, event: 'unread_count', data: { count } });
    return count;
  }
}

function booleanFilter(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}
