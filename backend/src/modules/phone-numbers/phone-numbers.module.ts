import { Module } from '@nestjs/common';
import { TwilioModule } from '../../integrations/twilio/twilio.module.js';
import { CallLogsModule } from '../call-logs/call-logs.module.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { ClickToCallController } from './click-to-call.controller.js';
import { ClickToCallService } from './click-to-call.service.js';
import { GreetingsService } from './greetings.service.js';
import { NumberProvisioningService } from './number-provisioning.service.js';
import { NumberSyncService } from './number-sync.service.js';
import { PhoneNumbersController } from './phone-numbers.controller.js';
import { PhoneNumbersService } from './phone-numbers.service.js';
import { InboundRouteCache } from './inbound-route-cache.js';
import { TwilioSignatureService } from './twilio-signature.service.js';
import { TwilioWebhooksController } from './twilio-webhooks.controller.js';
import { VoiceWebhooksService } from './voice-webhooks.service.js';

@Module({
  imports: [TwilioModule, OrganizationsModule, CallLogsModule, StorageModule],
  // Click-to-call first: its fixed paths (make-call, voice-token) never meet the :id routes anyway.
  controllers: [ClickToCallController, PhoneNumbersController, TwilioWebhooksController],
  providers: [
    PhoneNumbersService,
    InboundRouteCache,
    NumberProvisioningService,
    GreetingsService,
    ClickToCallService,
    TwilioSignatureService,
    VoiceWebhooksService,
    NumberSyncService,
  ],
  // TwilioSignatureService: the SMS webhook (conversations/inbound) checks signatures the same way.
  exports: [PhoneNumbersService, TwilioSignatureService],
})
export class PhoneNumbersModule {}
