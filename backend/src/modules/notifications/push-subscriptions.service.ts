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
    await this.em.getRepository(PushSubscription).subscribe(actor.organizationId, actor.id, dto.endpoint, dto.keys.p256dh, dto.keys.auth);
  }

  async unsubscribe(actor: Actor, endpoint: string): Promise<void> {
    await this.em.getRepository(PushSubscription).unsubscribe(actor.organizationId, actor.id, endpoint);
  }

  async isSubscribed(actor: Actor, endpoint: string): Promise<boolean> {
    return this.em.getRepository(PushSubscription).has(actor.organizationId, actor.id, endpoint);
  }
}
