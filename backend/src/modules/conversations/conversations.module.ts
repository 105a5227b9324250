import { Module } from '@nestjs/common';
import { TwilioModule } from '../../integrations/twilio/twilio.module.js';
import { MailModule } from '../mail/mail.module.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { CannedRepliesController } from './canned-replies/canned-replies.controller.js';
import { CannedRepliesService } from './canned-replies/canned-replies.service.js';
import { ConversationRecorder } from './conversation-recorder.js';
import { ConversationsController } from './conversations.controller.js';
import { ConversationsService } from './conversations.service.js';
import { MessageDelivery } from './delivery/message-delivery.js';
import { ReplyMail } from './delivery/reply-mail.js';
import { ReplyText } from './delivery/reply-text.js';

/** A ticket's conversation with its customer by e-mail and SMS, the team's internal comments, and canned replies. */
@Module({
  imports: [TicketsModule, SettingsModule, OrganizationsModule, TwilioModule, MailModule],
  controllers: [ConversationsController, CannedRepliesController],
  providers: [ConversationRecorder, ConversationsService, MessageDelivery, ReplyMail, ReplyText, CannedRepliesService],
  exports: [ConversationRecorder, ConversationsService],
})
export class ConversationsModule {}
