import { Module } from '@nestjs/common';
import { TwilioModule } from '../../integrations/twilio/twilio.module.js';
import { OrganizationsModule } from '../../modules/organizations/organizations.module.js';
import { PhoneSimulationController } from './phone-simulation.controller.js';
import { PhoneSimulationService } from './phone-simulation.service.js';
import { SimulatedTwilio } from './simulated-twilio.js';

/**
 * The built-in phone simulation (issue 34): development and demo tooling (dev/), mounted in the
 * app so the Phone System page can switch it on; refused in production without the demo data.
 */
@Module({
  imports: [TwilioModule, OrganizationsModule],
  controllers: [PhoneSimulationController],
  providers: [PhoneSimulationService, SimulatedTwilio],
})
export class PhoneSimulationModule {}
