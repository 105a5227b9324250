import { Module } from '@nestjs/common';
import { RetellClients } from '../../integrations/retell/retell-clients.js';
import { TwilioModule } from '../../integrations/twilio/twilio.module.js';
import { CustomersModule } from '../customers/customers.module.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { CallLogsController } from './call-logs.controller.js';
import { CallLogsService } from './call-logs.service.js';
import { RecordingsService } from './recordings.service.js';
import { RecordingJobs } from './recording-jobs.service.js';
import { VoicemailRecorder } from './voicemail-recorder.service.js';
import { VoicemailsController } from './voicemails.controller.js';

@Module({
  imports: [TwilioModule, OrganizationsModule, CustomersModule, SettingsModule],
  controllers: [CallLogsController, VoicemailsController],
  providers: [CallLogsService, RecordingsService, RetellClients, VoicemailRecorder, RecordingJobs],
  exports: [CallLogsService, VoicemailRecorder],
})
export class CallLogsModule {}
