import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import type { PushSubscriptionDto } from './dto/push.dto.js';
import { PushSubscription } from './push-subscription.entity.js';

/** "Enable push on this device": a browser's subscription, kept for the signed-in user. */
@Injectable()
export class PushSubscriptionsService {
  constructor(private readonly em: EntityManager) {}

  /** An endpoint belongs to one browser: subscribing it again (another user signed in there) moves it. */
  async subscribe(actor: Actor, dto: PushSubscriptionDto): Promise<void> {
    await this.em.execute(
      `insert into push_subscriptions (organization_id, user_id, endpoint, p256dh, auth) values (?, ?, ?, ?, ?)
       on conflict (endpoint) do update set organization_id = excluded.organization_id, user_id = excluded.user_id,
         p256dh = excluded.p256dh, auth = excluded.auth, created_at = now()`,
      [actor.organizationId, actor.id, dto.endpoint, dto.keys.p256dh, dto.keys.auth],
    );
  }

  async unsubscribe(actor: Actor, endpoint: string): Promise<void> {
    await this.em.nativeDelete(PushSubscription, { endpoint, user: actor.id, organization: actor.organizationId });
  }

  async isSubscribed(actor: Actor, endpoint: string): Promise<boolean> {
    return (await this.em.count(PushSubscription, { endpoint, user: actor.id, organization: actor.organizationId })) > 0;
  }
}
