import { Module } from '@nestjs/common';
import { TwilioModule } from '../../integrations/twilio/twilio.module.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { GreetingsService } from './greetings.service.js';
import { NumberProvisioningService } from './number-provisioning.service.js';
import { PhoneNumbersController } from './phone-numbers.controller.js';
import { PhoneNumbersService } from './phone-numbers.service.js';

@Module({
  imports: [TwilioModule, OrganizationsModule],
  controllers: [PhoneNumbersController],
  providers: [PhoneNumbersService, NumberProvisioningService, GreetingsService],
  exports: [PhoneNumbersService],
})
export class PhoneNumbersModule {}
