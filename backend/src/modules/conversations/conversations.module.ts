import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { CannedRepliesController } from './canned-replies/canned-replies.controller.js';
import { CannedRepliesService } from './canned-replies/canned-replies.service.js';
import { ConversationRecorder } from './conversation-recorder.js';

/** A ticket's conversation with its customer by e-mail and SMS, the team's internal comments, and canned replies. */
@Module({
  imports: [TicketsModule, SettingsModule],
  controllers: [CannedRepliesController],
  providers: [ConversationRecorder, CannedRepliesService],
  exports: [ConversationRecorder],
})
export class ConversationsModule {}
