import { EntityRepository } from '@mikro-orm/postgresql';
import type { PushSubscription } from './push-subscription.entity.js';

/** The push subscriptions' queries (`em.getRepository(PushSubscription)`), scoped by the tenant filter. */
export class PushSubscriptionRepository extends EntityRepository<PushSubscription> {
  /** Subscribes an endpoint for a user; an endpoint belongs to one browser, so subscribing it again moves it. */
  async subscribe(organizationId: string, userId: string, endpoint: string, p256dh: string, auth: string): Promise<void> {
    await this.getEntityManager().execute(
      `insert into push_subscriptions (organization_id, user_id, endpoint, p256dh, auth) values (?, ?, ?, ?, ?)
       on conflict (endpoint) do update set organization_id = excluded.organization_id, user_id = excluded.user_id,
         p256dh = excluded.p256dh, auth = excluded.auth, created_at = now()`,
      [organizationId, userId, endpoint, p256dh, auth],
    );
  }

  async unsubscribe(organizationId: string, userId: string, endpoint: string): Promise<void> {
    await this.nativeDelete({ endpoint, user: userId, organization: organizationId });
  }

  /** The users among these who have at least one device subscribed. */
  async usersWithDevices(userIds: string[]): Promise<Set<string>> {
    const rows = await this.find({ user: { $in: userIds } }, { fields: ['user'] });
    return new Set(rows.map((s) => (typeof s.user === 'string' ? s.user : s.user.id)));
  }

  /** Whether the user of the organization has this endpoint subscribed. */
  async has(organizationId: string, userId: string, endpoint: string): Promise<boolean> {
    return (await this.count({ endpoint, user: userId, organization: organizationId })) > 0;
  }

  /** A user's devices, oldest first. */
  ofUser(userId: string): Promise<PushSubscription[]> {
    return this.find({ user: userId }, { orderBy: { createdAt: 'asc' } });
  }
}
