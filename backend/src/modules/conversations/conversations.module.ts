import { Module } from '@nestjs/common';
import { TwilioModule } from '../../integrations/twilio/twilio.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { ConversationRecorder } from './conversation-recorder.js';
import { ConversationsController } from './conversations.controller.js';
import { ConversationsService } from './conversations.service.js';
import { MessageDelivery } from './delivery/message-delivery.js';
import { ReplyMail } from './delivery/reply-mail.js';
import { ReplyText } from './delivery/reply-text.js';

/** A ticket's conversation with its customer by e-mail and SMS, and the team's internal comments. */
@Module({
  // NotificationsModule for OrganizationMailer only (moving to a mail module in another branch).
  imports: [TicketsModule, SettingsModule, OrganizationsModule, TwilioModule, NotificationsModule],
  controllers: [ConversationsController],
  providers: [ConversationRecorder, ConversationsService, MessageDelivery, ReplyMail, ReplyText],
  exports: [ConversationRecorder, ConversationsService],
})
export class ConversationsModule {}
