import { LockMode } from '@mikro-orm/core';
import { EntityRepository } from '@mikro-orm/postgresql';
import type { NotificationPreference } from './notification-preference.entity.js';

/** The notification preferences' queries (`em.getRepository(NotificationPreference)`), scoped by the tenant filter. */
export class NotificationPreferenceRepository extends EntityRepository<NotificationPreference> {
  /** The stored preferences of these users for these event types. */
  ofUsers(userIds: string[], eventTypes: readonly string[]): Promise<NotificationPreference[]> {
    return this.find({ user: { $in: userIds }, eventType: { $in: [...eventTypes] } });
  }

  /** The stored preferences of a user among these event types. */
  ofUser(userId: string, eventTypes: readonly string[]): Promise<NotificationPreference[]> {
    return this.find({ user: userId, eventType: { $in: [...eventTypes] } });
  }

  /** Inserts a user's row of one event type with these flags unless it exists (concurrent first saves insert it once). */
  async ensure(organizationId: string, userId: string, eventType: string, flags: { in_app: boolean; mobile_push: boolean; browser: boolean; sms: boolean; email: boolean }): Promise<void> {
    await this.getEntityManager().execute(
      `insert into notification_preferences (organization_id, user_id, event_type, in_app, mobile_push, browser, sms, email)
       values (?, ?, ?, ?, ?, ?, ?, ?) on conflict (user_id, event_type) do nothing`,
      [organizationId, userId, eventType, flags.in_app, flags.mobile_push, flags.browser, flags.sms, flags.email],
    );
  }

  /** A user's preference of one event type, locked for update (it must exist). */
  lockedOf(userId: string, eventType: string): Promise<NotificationPreference> {
    return this.findOneOrFail({ user: userId, eventType }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }
}
