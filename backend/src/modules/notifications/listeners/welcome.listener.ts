import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { forkForTenant } from '../../../common/tenancy/tenant-em.js';
import { UserRegisteredEvent } from '../../auth/events/user-registered.event.js';
import { Notification } from '../notification.entity.js';

/** Greets a new account owner in the notification bell. */
@Injectable()
export class WelcomeListener {
  constructor(private readonly em: EntityManager) {}

  @OnEvent(UserRegisteredEvent.eventName, { async: true, promisify: true })
  async onUserRegistered(event: UserRegisteredEvent): Promise<void> {
    const em = forkForTenant(this.em, event.organizationId);
    em.create(Notification, {
      organization: event.organizationId,
      user: event.userId,
      type: 'system',
      title: 'Welcome to Warranty CRM',
      message: 'Your organization is ready. Add your brands in Settings, then create your first ticket.',
      relatedEntityType: 'user',
      relatedEntityId: event.userId,
    });
    await em.flush();
  }
}
