import { Injectable } from '@nestjs/common';
import { OnDomainEvent } from '../../../common/jobs/job-decorators.js';
import type { TenantContext } from '../../../common/tenancy/tenant-runner.js';
import { UserRegisteredEvent } from '../../auth/events/user-registered.event.js';
import { Notification } from '../notification.entity.js';

/** Greets a new account owner in the notification bell. */
@Injectable()
export class WelcomeListener {
  @OnDomainEvent(UserRegisteredEvent)
  async onUserRegistered(event: UserRegisteredEvent, { em }: TenantContext): Promise<void> {
    em.create(Notification, {
      organization: event.organizationId,
      user: event.userId,
      type: 'system',
      title: 'Welcome to Warranty CRM',
      message: 'Your organization is ready. Add your brands in Settings, then create your first ticket.',
      relatedEntityType: 'user',
      relatedEntityId: event.userId,
    });
  }
}
