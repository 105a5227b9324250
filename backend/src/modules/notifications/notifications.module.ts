import { Module } from '@nestjs/common';
import { TwilioModule } from '../../integrations/twilio/twilio.module.js';
import { MailModule } from '../mail/mail.module.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { UsersModule } from '../users/users.module.js';
import { DeliveryBatches } from './channels/delivery-batches.js';
import { EmailChannel } from './channels/email.channel.js';
import { PushChannel } from './channels/push.channel.js';
import { SmsChannel } from './channels/sms.channel.js';
import { SMS_SENDER } from './channels/sms-sender.js';
import { TwilioSmsSender } from './channels/twilio-sms-sender.js';
import { VapidKeys } from './channels/vapid-keys.js';
import { ContactController } from './contact.controller.js';
import { ContactTestService } from './contact-test.service.js';
import { NotificationFanOut } from './fan-out.service.js';
import { InvitationEmailListener } from './listeners/invitation-email.listener.js';
import { WelcomeListener } from './listeners/welcome.listener.js';
import { NotificationsController } from './notifications.controller.js';
import { NotificationsService } from './notifications.service.js';
import { PreferencesController } from './preferences.controller.js';
import { PreferencesService } from './preferences.service.js';
import { PushSubscriptionsService } from './push-subscriptions.service.js';
import { ConversationNotificationSources } from './sources/conversation-sources.js';
import { WarrantyNotificationSources } from './sources/warranty-sources.js';
import { NotificationSources } from './sources/notification-sources.js';

/** The catalogue, preferences, notification records, and the fan-out of domain events to five channels. */
@Module({
  imports: [OrganizationsModule, TwilioModule, MailModule, UsersModule],
  controllers: [NotificationsController, PreferencesController, ContactController],
  providers: [
    NotificationsService,
    PreferencesService,
    PushSubscriptionsService,
    ContactTestService,
    WelcomeListener,
    InvitationEmailListener,
    NotificationFanOut,
    NotificationSources,
    ConversationNotificationSources,
    WarrantyNotificationSources,
    VapidKeys,
    EmailChannel,
    SmsChannel,
    PushChannel,
    DeliveryBatches,
    { provide: SMS_SENDER, useClass: TwilioSmsSender },
  ],
  exports: [NotificationFanOut],
})
export class NotificationsModule {}
