import { Module } from '@nestjs/common';
import { CallLogsService } from './call-logs.service.js';
import { VoicemailsController } from './voicemails.controller.js';

@Module({
  controllers: [VoicemailsController],
  providers: [CallLogsService],
  exports: [CallLogsService],
})
export class CallLogsModule {}
