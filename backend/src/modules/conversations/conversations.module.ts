import { Module } from '@nestjs/common';
import { ConversationRecorder } from './conversation-recorder.js';

/** A ticket's conversation with its customer by e-mail and SMS, and the team's internal comments. */
@Module({
  providers: [ConversationRecorder],
  exports: [ConversationRecorder],
})
export class ConversationsModule {}
