import type { FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { NOTIFICATION_LIST_LIMIT, type NotificationQueryDto } from './dto/notification.dto.js';
import { Notification } from './notification.entity.js';

@Injectable()
export class NotificationsService {
  constructor(private readonly em: EntityManager) {}

  list(actor: Actor, query: NotificationQueryDto): Promise<Notification[]> {
    const where: FilterQuery<Notification> = { user: actor.id };
    if (query.is_read !== undefined) where.isRead = query.is_read;
    if (query.is_followup !== undefined) where.isFollowup = query.is_followup;
    return this.em.find(Notification, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: query.limit ?? NOTIFICATION_LIST_LIMIT });
  }

  unreadCount(actor: Actor): Promise<number> {
    return this.em.count(Notification, { user: actor.id, isRead: false });
  }
}
