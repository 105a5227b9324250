import { Module } from '@nestjs/common';
import { TwilioModule } from '../../integrations/twilio/twilio.module.js';
import { CustomersModule } from '../customers/customers.module.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { CallLogsController } from './call-logs.controller.js';
import { CallLogsService } from './call-logs.service.js';
import { RecordingsService } from './recordings.service.js';
import { RecordingJobs } from './recording-jobs.service.js';
import { VoicemailRecorder } from './voicemail-recorder.service.js';
import { VoicemailsController } from './voicemails.controller.js';

@Module({
  imports: [TwilioModule, OrganizationsModule, CustomersModule],
  controllers: [CallLogsController, VoicemailsController],
  providers: [CallLogsService, RecordingsService, VoicemailRecorder, RecordingJobs],
  exports: [CallLogsService, VoicemailRecorder],
})
export class CallLogsModule {}
