import { Module } from '@nestjs/common';
import { TwilioModule } from '../../integrations/twilio/twilio.module.js';
import { A2pSyncService } from './a2p-sync.service.js';
import { OnboardingController } from './onboarding.controller.js';
import { OnboardingService } from './onboarding.service.js';
import { OrganizationsController } from './organizations.controller.js';
import { OrganizationsService } from './organizations.service.js';
import { TwilioAccountService } from './twilio-account.service.js';

@Module({
  imports: [TwilioModule],
  controllers: [OrganizationsController, OnboardingController],
  providers: [OrganizationsService, TwilioAccountService, A2pSyncService, OnboardingService],
  exports: [OrganizationsService, TwilioAccountService],
})
export class OrganizationsModule {}
